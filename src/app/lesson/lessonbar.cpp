#include "lesson/lessonbar.h"

#include "model/language.h"
#include "model/lessonsession.h"
#include "shortcutsdialog.h"
#include "theme/appearance.h"
#include "theme/barcolours.h"
#include "widgets/elidedlabel.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QToolButton>
#include <QVBoxLayout>

LessonBar::LessonBar(LessonSession *session, QWidget *parent)
    : QFrame(parent), m_session(session), m_caption(new QAction(this)),
      m_title(new ElidedLabel(this)), m_counter(new QLabel(this)), m_text(new QLabel(this)),
      m_previous(new QPushButton(this)), m_next(new QPushButton(this)),
      m_captionButton(new QToolButton(this)), m_end(new QPushButton(this))
{
    setObjectName(QStringLiteral("lessonBar"));
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_counter->setObjectName(QStringLiteral("lessonCounter"));
    m_text->setObjectName(QStringLiteral("lessonCaption"));
    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_end->setObjectName(QStringLiteral("lessonEnd"));
    m_caption->setObjectName(QStringLiteral("actionLessonCaption"));
    m_caption->setCheckable(true);
    m_caption->setChecked(true);
    m_captionButton->setDefaultAction(m_caption);
    m_captionButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    // The buttons must not take the keys a clicker sends (Space would press the button again):
    // the lesson's keys work wherever the focus is not typing.
    for (QWidget *w : {static_cast<QWidget *>(m_previous), static_cast<QWidget *>(m_next),
                       static_cast<QWidget *>(m_captionButton), static_cast<QWidget *>(m_end)})
        w->setFocusPolicy(Qt::NoFocus);

    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::NoTextInteraction);
    // A long title gives way (ElidedLabel) rather than widening the window: in presentation
    // mode at 1280 pixels the title, the counter and the buttons in one line would need more
    // than the screen. The counter is short and always whole.

    auto *top = new QHBoxLayout;
    top->setSpacing(12);
    top->addWidget(m_title, 3);
    top->addWidget(m_counter, 1);
    top->addWidget(m_previous);
    top->addWidget(m_next);
    top->addWidget(m_captionButton);
    top->addWidget(m_end);
    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(12, 6, 12, 8);
    column->addLayout(top);
    column->addWidget(m_text);

    setAutoFillBackground(true);
    setFrameShape(QFrame::NoFrame);
    // As high as its text needs, no less (the canvas gives way) and no more.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    applyColours();
    applyFonts();
    connect(Appearance::instance(), &Appearance::changed, this, &LessonBar::applyColours);

    connect(m_previous, &QPushButton::clicked, m_session, &LessonSession::previous);
    connect(m_next, &QPushButton::clicked, m_session, &LessonSession::next);
    connect(m_end, &QPushButton::clicked, this, &LessonBar::endRequested);
    connect(m_caption, &QAction::toggled, this, &LessonBar::refresh);
    connect(m_session, &LessonSession::stepChanged, this, &LessonBar::refresh);
    connect(m_session, &LessonSession::edited, this, &LessonBar::refresh);
    retranslate();
}

QString LessonBar::counterText() const
{
    return m_counter->text();
}

QString LessonBar::captionText() const
{
    return m_text->text();
}

bool LessonBar::captionShown() const
{
    return !m_text->isHidden();
}

void LessonBar::retranslate()
{
    m_caption->setText(tr("Caption"));
    m_caption->setToolTip(tr("Show the step's note under the canvas"));
    // A toggle a presenter reaches with the mouse; the keyboard's way is the View menu.
    m_caption->setProperty(ShortcutsDialog::kNoteProperty,
                           tr("View menu, or the Caption button on the lesson bar"));
    m_previous->setToolTip(tr("Back one step (Page Up)"));
    m_end->setText(tr("End Lesson"));
    refresh();
}

void LessonBar::refresh()
{
    setVisible(m_session->isOpen());
    if (!m_session->isOpen())
        return;
    const QString language = Language::current();
    m_title->setText(m_session->title(language));
    m_counter->setText(
        tr("Step %1 of %2").arg(m_session->current() + 1).arg(m_session->stepCount()));
    const bool asking = m_session->isAsking();
    QString text;
    if (asking)
        text = tr("Predict: %1").arg(m_session->prompt(language));
    else if (m_caption->isChecked())
        text = m_session->note(language);
    // The question always shows: it is what the class is asked, not a caption.
    m_text->setText(text);
    m_text->setVisible(!text.isEmpty());
    fitCaption();
    m_previous->setText(tr("◀ Previous"));
    m_previous->setEnabled(m_session->current() > 0 ||
                           (!asking && m_session->currentStep().question));
    const bool last = m_session->current() + 1 >= m_session->stepCount();
    m_next->setText(asking ? tr("Show the Answer ▶") : tr("Next ▶"));
    m_next->setToolTip(asking ? tr("Show the answer (Page Down or Space)")
                              : tr("Next step (Page Down or Space)"));
    m_next->setEnabled(asking || !last);
}

void LessonBar::applyColours()
{
    BarColours::apply(this, m_counter);
}

void LessonBar::applyFonts()
{
    // From the bar's own font, so that presentation mode's larger font reaches the caption too.
    QFont title = font();
    title.setBold(true);
    title.setPointSizeF(title.pointSizeF() * 1.15);
    m_title->setFont(title);
    QFont counter = title;
    counter.setBold(false);
    m_counter->setFont(counter);
    QFont text = font();
    text.setPointSizeF(text.pointSizeF() * 1.25);
    m_text->setFont(text);
}

void LessonBar::fitCaption()
{
    // Before the bar is first laid out its own width means nothing (it may be a few pixels,
    // which would ask for a tower of lines): the parent's width is what it will get.
    const int outer = isVisible() || !parentWidget() ? this->width() : parentWidget()->width();
    const QMargins margins = layout()->contentsMargins();
    const int width = qMax(1, outer - margins.left() - margins.right());
    m_text->setMinimumHeight(m_text->text().isEmpty() ? 0 : m_text->heightForWidth(width));
}

void LessonBar::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    fitCaption();
}

void LessonBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange) {
        applyFonts();
        fitCaption();
    }
    QFrame::changeEvent(event);
}
