#include "sequence/sequencetokenstrip.h"

#include "model/sequencesession.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QPainter>

#include <algorithm>

SequenceTokenStrip::SequenceTokenStrip(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    connect(session, &SequenceSession::changed, this, [this] {
        updateGeometry();
        update();
    });
    setAccessibleName(tr("Tokens and their positions"));
}

QRect SequenceTokenStrip::tokenRect(int index) const
{
    const int n = int(m_session->tokens().size());
    if (index < 0 || index >= n)
        return {};
    const QFontMetrics fm(font());
    const int gap = fm.height() / 3;
    int x = gap;
    for (int i = 0; i < n; ++i) {
        const QString name = m_session->tokenName(m_session->tokens()[std::size_t(i)]);
        const int width = std::max({fm.horizontalAdvance(name),
                                    fm.horizontalAdvance(QStringLiteral("000")), fm.height()}) +
                          gap * 2;
        if (i == index)
            return QRect(x, gap, width, fm.height() + gap * 2);
        x += width + gap;
    }
    return {};
}

QSize SequenceTokenStrip::sizeHint() const
{
    const QFontMetrics fm(font());
    const QRect last = tokenRect(int(m_session->tokens().size()) - 1);
    return QSize(last.right() + fm.height(), fm.height() * 3);
}

QSize SequenceTokenStrip::minimumSizeHint() const
{
    return QSize(100, sizeHint().height());
}

void SequenceTokenStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.8);
    for (int i = 0; i < int(m_session->tokens().size()); ++i) {
        const QRect box = tokenRect(i);
        p.setPen(QPen(ColorScheme::axis(), line));
        p.setBrush(ColorScheme::panel());
        p.drawRoundedRect(box, 4, 4);
        p.setPen(ColorScheme::text());
        p.setFont(font());
        p.drawText(box, Qt::AlignCenter, m_session->tokenName(m_session->tokens()[std::size_t(i)]));
        // The position, not the index: with a shift m token i sits at m + i.
        p.setFont(small);
        p.drawText(QRect(box.left(), box.bottom(), box.width(), fm.height()), Qt::AlignCenter,
                   QString::number(m_session->shift() + i));
    }
}
