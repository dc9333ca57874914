#pragma once

#include <QFrame>

class LessonSession;
class QAction;
class QLabel;
class ElidedLabel;
class QPushButton;
class QToolButton;

/// The strip under the canvas while a lesson is presented: the lesson's title and the step
/// counter, the step's note as a caption (or, while the class predicts, the question), and the
/// buttons a presenter without a clicker needs. The caption can be turned off (captionAction()),
/// for a teacher who says the note in their own words.
class LessonBar : public QFrame
{
    Q_OBJECT

public:
    LessonBar(LessonSession *session, QWidget *parent = nullptr);

    /// Checkable: whether the note is shown. On by default.
    QAction *captionAction() const { return m_caption; }

    QString counterText() const;
    QString captionText() const;
    bool captionShown() const;

signals:
    /// The End Lesson button.
    void endRequested();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void refresh();
    void retranslate();
    void applyColours();
    void applyFonts();
    /// A wrapped label's height depends on its width, which a layout does not ask for: the
    /// caption keeps the height its text needs at the bar's width, so that no line is cut off
    /// when the canvas is short of room.
    void fitCaption();

    LessonSession *m_session;
    QAction *m_caption;
    ElidedLabel *m_title;
    QLabel *m_counter;
    QLabel *m_text;
    QPushButton *m_previous;
    QPushButton *m_next;
    QToolButton *m_captionButton;
    QPushButton *m_end;
};
