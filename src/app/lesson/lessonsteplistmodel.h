#pragma once

#include <QAbstractListModel>

class LessonEditor;

/// The lesson's steps as a list for the lesson editor: one row a step, "3. Scaled dot product —
/// its note's first line", in the interface language. Rows are dragged to reorder them: a drop
/// is one LessonEditor::moveStep(), so it is checked and undoable like every other edit, and the
/// model never removes or inserts rows itself (it follows the lesson as it changes).
class LessonStepListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    /// The MIME type of a dragged step: its row, as text.
    static constexpr const char *kMimeType = "application/x-attention-canvas-lesson-step";

    explicit LessonStepListModel(LessonEditor *editor, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    Qt::DropActions supportedDropActions() const override;
    Qt::DropActions supportedDragActions() const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;

    /// The row a drop at (row, parent) moves `from` to, or -1 when it moves nothing.
    int dropTarget(int from, int row, const QModelIndex &parent) const;

    /// The step's line in the list.
    QString text(int row) const;

    /// The texts follow the interface language.
    void retranslate();

private:
    int draggedRow(const QMimeData *data) const;

    LessonEditor *m_editor;
};
