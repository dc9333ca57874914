#pragma once

#include <QList>
#include <QWidget>

class LessonEditor;
class LessonStepListModel;
class QAction;
class QLabel;
class QListView;
class QToolButton;

/// The lesson editor's dock: the lesson's title, its steps as a list that follows the step on
/// show (choosing a row presents that step) and is reordered by dragging a row, and buttons for
/// the editing commands, which are the Lesson menu's actions (their keys work anywhere in the
/// window).
class LessonEditorPanel : public QWidget
{
    Q_OBJECT

public:
    LessonEditorPanel(LessonEditor *editor, const QList<QAction *> &buttons,
                      QWidget *parent = nullptr);

    QListView *list() const { return m_list; }
    LessonStepListModel *model() const { return m_model; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    /// The row of the step on show is the list's current row.
    void followSession();
    void onRowChosen(int row);

    LessonEditor *m_editor;
    LessonStepListModel *m_model;
    QLabel *m_title;
    QListView *m_list;
    QList<QToolButton *> m_buttons;
    bool m_following = false;
};
