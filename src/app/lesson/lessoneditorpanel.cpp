#include "lesson/lessoneditorpanel.h"

#include "lesson/lessoneditor.h"
#include "lesson/lessonsteplistmodel.h"
#include "model/language.h"
#include "model/lessonsession.h"

#include <QAction>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QListView>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
constexpr int kButtonColumns = 3;
} // namespace

LessonEditorPanel::LessonEditorPanel(LessonEditor *editor, const QList<QAction *> &buttons,
                                     QWidget *parent)
    : QWidget(parent), m_editor(editor), m_model(new LessonStepListModel(editor, this)),
      m_title(new QLabel(this)), m_list(new QListView(this))
{
    setObjectName(QStringLiteral("lessonEditorPanel"));
    m_title->setObjectName(QStringLiteral("lessonEditorTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);

    m_list->setObjectName(QStringLiteral("lessonStepList"));
    m_list->setModel(m_model);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    // Drag and drop only moves steps, and only within the list. Not InternalMove: the drop is
    // the model's (one checked, undoable move), which InternalMove would bypass.
    m_list->setDragEnabled(true);
    m_list->setAcceptDrops(true);
    m_list->viewport()->setAcceptDrops(true);
    m_list->setDropIndicatorShown(true);
    m_list->setDragDropMode(QAbstractItemView::DragDrop);
    m_list->setDefaultDropAction(Qt::MoveAction);
    m_list->setDragDropOverwriteMode(false);
    // Each row wraps at the panel's width (the model keeps it to the start of the note; the whole
    // note is the row's tooltip): nothing is cut off at the edge, and nothing scrolls sideways.
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setSpacing(1);

    auto *grid = new QGridLayout;
    grid->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < buttons.size(); ++i) {
        auto *button = new QToolButton(this);
        button->setDefaultAction(buttons[i]);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        grid->addWidget(button, i / kButtonColumns, i % kButtonColumns);
        m_buttons << button;
    }

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_list, 1);
    layout->addLayout(grid);

    LessonSession *session = m_editor->session();
    connect(session, &LessonSession::lessonChanged, this, &LessonEditorPanel::refresh);
    connect(session, &LessonSession::edited, this, &LessonEditorPanel::refresh);
    connect(session, &LessonSession::stepChanged, this, &LessonEditorPanel::followSession);
    connect(m_editor, &LessonEditor::modifiedChanged, this, &LessonEditorPanel::refresh);
    connect(m_model, &QAbstractItemModel::modelReset, this, &LessonEditorPanel::followSession);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onRowChosen(current.row()); });
    refresh();
}

void LessonEditorPanel::refresh()
{
    const LessonSession *session = m_editor->session();
    if (!session->isOpen()) {
        m_title->setText(tr("No lesson is open. Add the current view as a step to start one, "
                            "or open a lesson."));
    } else {
        const QString title = session->title(Language::current());
        m_title->setText(m_editor->isModified() ? tr("%1 (not saved)").arg(title) : title);
    }
    followSession();
}

void LessonEditorPanel::followSession()
{
    const LessonSession *session = m_editor->session();
    const int row = session->isOpen() ? session->current() : -1;
    if (m_list->currentIndex().row() == row)
        return;
    m_following = true;
    if (row < 0)
        m_list->selectionModel()->clear();
    else
        m_list->selectionModel()->setCurrentIndex(m_model->index(row),
                                                  QItemSelectionModel::ClearAndSelect);
    m_following = false;
}

void LessonEditorPanel::onRowChosen(int row)
{
    // Choosing a row presents that step, as the clicker would reach it.
    LessonSession *session = m_editor->session();
    if (m_following || row < 0 || row == session->current())
        return;
    session->goTo(row);
}

void LessonEditorPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_model->retranslate();
        refresh();
    }
    QWidget::changeEvent(event);
}
