#include "sequence/sequencetokenstrip.h"

#include "model/sequencesession.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QEvent>
#include <QPaintEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

SequenceTokenStrip::SequenceTokenStrip(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    connect(session, &SequenceSession::changed, this, &SequenceTokenStrip::follow);
    m_shift = -1; // laid out below whatever the session holds
    follow();
    setAccessibleName(tr("Tokens and their positions"));
}

void SequenceTokenStrip::follow()
{
    QStringList names;
    for (int token : m_session->tokens())
        names << m_session->tokenName(token);
    if (names == m_names && m_session->shift() == m_shift)
        return;
    m_names = names;
    m_shift = m_session->shift();
    layOut();
    updateGeometry();
    update();
}

void SequenceTokenStrip::layOut()
{
    // Each token measured once: the boxes, their texts and the strip's width all come from here.
    const QFontMetrics fm(font());
    m_small = font();
    m_small.setPointSizeF(font().pointSizeF() * 0.8);
    const int gap = fm.height() / 3;
    const int least = std::max(fm.horizontalAdvance(QStringLiteral("000")), fm.height());
    m_boxes.clear();
    m_nameTexts.clear();
    m_positionTexts.clear();
    int x = gap;
    for (int i = 0; i < int(m_names.size()); ++i) {
        QStaticText name(m_names[i]), position(QString::number(m_shift + i));
        name.setTextFormat(Qt::PlainText);
        position.setTextFormat(Qt::PlainText);
        name.prepare(QTransform(), font());
        position.prepare(QTransform(), m_small);
        const int width = std::max(int(std::ceil(name.size().width())), least) + gap * 2;
        m_boxes.emplace_back(x, gap, width, fm.height() + gap * 2);
        m_nameTexts.push_back(name);
        m_positionTexts.push_back(position);
        x += width + gap;
    }
}

void SequenceTokenStrip::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        layOut();
        updateGeometry();
    }
    QWidget::changeEvent(event);
}

QRect SequenceTokenStrip::tokenRect(int index) const
{
    if (index < 0 || index >= int(m_boxes.size()))
        return {};
    return m_boxes[std::size_t(index)];
}

QSize SequenceTokenStrip::sizeHint() const
{
    const QFontMetrics fm(font());
    const int right = m_boxes.empty() ? 0 : m_boxes.back().right();
    return QSize(right + fm.height(), fm.height() * 3);
}

QSize SequenceTokenStrip::minimumSizeHint() const
{
    return QSize(100, sizeHint().height());
}

void SequenceTokenStrip::paintEvent(QPaintEvent *event)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    // Only the boxes in view: in a scroll area most of a long sentence is not.
    const QRect visible = event->rect();
    const auto first = std::partition_point(m_boxes.begin(), m_boxes.end(), [&](const QRect &box) {
        return box.right() < visible.left();
    });
    const int from = int(first - m_boxes.begin());
    int to = from;
    while (to < int(m_boxes.size()) && m_boxes[std::size_t(to)].left() <= visible.right())
        ++to;
    p.setPen(QPen(ColorScheme::axis(), line));
    p.setBrush(ColorScheme::panel());
    for (int i = from; i < to; ++i)
        p.drawRoundedRect(m_boxes[std::size_t(i)], 4, 4);
    p.setPen(ColorScheme::text());
    p.setFont(font());
    for (int i = from; i < to; ++i) {
        const QRect &box = m_boxes[std::size_t(i)];
        const QSizeF size = m_nameTexts[std::size_t(i)].size();
        p.drawStaticText(QPointF(box.center().x() + 0.5 - size.width() / 2,
                                 box.center().y() + 0.5 - size.height() / 2),
                         m_nameTexts[std::size_t(i)]);
    }
    // The position, not the index: with a shift m token i sits at m + i.
    p.setFont(m_small);
    for (int i = from; i < to; ++i) {
        const QRect &box = m_boxes[std::size_t(i)];
        const QSizeF size = m_positionTexts[std::size_t(i)].size();
        p.drawStaticText(QPointF(box.center().x() + 0.5 - size.width() / 2,
                                 box.bottom() + (fm.height() - size.height()) / 2),
                         m_positionTexts[std::size_t(i)]);
    }
}
