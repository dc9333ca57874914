#include "widgets/sidewaysrow.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QScrollBar>

SidewaysRow::SidewaysRow(QWidget *parent) : QScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    auto *strip = new QWidget;
    m_row = new QHBoxLayout(strip);
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->addStretch(1);
    setWidget(strip);
    // No background of its own: the view's shows through, as behind the label beside it.
    strip->setAutoFillBackground(false);
    viewport()->setAutoFillBackground(false);
    // A widget added, removed or retranslated changes the width the row needs.
    strip->installEventFilter(this);
}

void SidewaysRow::append(QWidget *widget)
{
    m_row->insertWidget(m_row->count() - 1, widget);
    fit();
}

QSize SidewaysRow::sizeHint() const
{
    const QSize strip = widget()->sizeHint();
    return {strip.width(),
            strip.height() + (m_needsBar ? horizontalScrollBar()->sizeHint().height() : 0)};
}

QSize SidewaysRow::minimumSizeHint() const
{
    return {0, sizeHint().height()};
}

void SidewaysRow::resizeEvent(QResizeEvent *event)
{
    QScrollArea::resizeEvent(event);
    fit();
}

bool SidewaysRow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        fit();
    return QScrollArea::eventFilter(watched, event);
}

void SidewaysRow::fit()
{
    const bool needs = widget()->sizeHint().width() > width();
    if (needs != m_needsBar) {
        m_needsBar = needs;
        setHorizontalScrollBarPolicy(needs ? Qt::ScrollBarAlwaysOn : Qt::ScrollBarAlwaysOff);
    }
    updateGeometry();
}
