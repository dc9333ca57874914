#include "sequence/sequenceheadview.h"

#include "model/sequencesession.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <array>

SequenceHeadView::SequenceHeadView(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    setMouseTracking(true);
    connect(session, &SequenceSession::changed, this, [this] {
        if (m_layer >= m_session->model().layerCount())
            m_layer = 0;
        if (m_hovered >= int(m_session->tokens().size()))
            m_hovered = -1;
        update();
    });
    setAccessibleName(tr("Attention as lines from each query token to the key tokens"));
}

void SequenceHeadView::setLayer(int layer)
{
    if (layer < 0 || layer >= m_session->model().layerCount() || layer == m_layer)
        return;
    m_layer = layer;
    update();
}

double SequenceHeadView::lineWidth(double weight)
{
    return 10.0 * weight * Appearance::instance()->lineScale();
}

QColor SequenceHeadView::headColor(int head, int count)
{
    // Okabe–Ito hues, told apart with colour-vision deficiencies; black becomes grey on dark.
    static const std::array<QColor, 8> colours = {
        QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x72, 0xB2), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0xD5, 0x5E, 0x00), QColor(0x56, 0xB4, 0xE9),
        QColor(0x99, 0x99, 0x99), QColor(0xF0, 0xE4, 0x42)};
    Q_UNUSED(count)
    return colours[std::size_t(head) % colours.size()];
}

QRect SequenceHeadView::tokenRect(bool keys, int index) const
{
    const int n = int(m_session->tokens().size());
    if (index < 0 || index >= n)
        return {};
    const QFontMetrics fm(font());
    const int top = fm.height() * 2;
    const int row = std::max(fm.height(), (height() - top - fm.height() / 2) / std::max(1, n));
    const int column = fm.horizontalAdvance(QStringLiteral("00 ")) +
                       fm.horizontalAdvance(QStringLiteral("WWWWWW"));
    const int x = keys ? width() - column - fm.height() / 2 : fm.height() / 2;
    return QRect(x, top + index * row, column, row);
}

QSize SequenceHeadView::sizeHint() const
{
    return QSize(320, 420);
}

QSize SequenceHeadView::minimumSizeHint() const
{
    return QSize(200, 160);
}

void SequenceHeadView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), ColorScheme::background());
    m_lines.clear();
    if (!m_session->hasResult() || m_layer >= int(m_session->forward().layers.size()))
        return;
    const auto &heads = m_session->forward().layers[std::size_t(m_layer)].heads;
    const int n = m_session->forward().length();
    const QFontMetrics fm(font());

    // Headings, and one key per head so that a colour can be read back to its head.
    p.setPen(ColorScheme::text());
    p.drawText(QRect(0, 0, width(), fm.height()), Qt::AlignCenter,
               tr("Layer %1: queries → keys, thickness = weight").arg(m_layer + 1));
    int x = fm.height() / 2;
    for (int h = 0; h < int(heads.size()); ++h) {
        const QString label = tr("Head %1").arg(h + 1);
        p.fillRect(QRect(x, fm.height() + fm.height() / 4, fm.height(), fm.height() / 2),
                   headColor(h, int(heads.size())));
        x += fm.height() + 4;
        p.drawText(QPoint(x, fm.height() * 2 - fm.descent()), label);
        x += fm.horizontalAdvance(label) + fm.height();
    }

    for (int h = 0; h < int(heads.size()); ++h) {
        QColor colour = headColor(h, int(heads.size()));
        // Translucent lines show where heads overlap; high contrast wants them solid.
        colour.setAlphaF(ColorScheme::theme() == ColorScheme::Theme::HighContrast ? 1.0 : 0.6);
        const auto &w = heads[std::size_t(h)].weights;
        // Each head's lines a little apart from the others', so that overlapping heads do not
        // blend into one colour.
        const double offset =
            (h - (int(heads.size()) - 1) / 2.0) * 3 * Appearance::instance()->lineScale();
        for (int i = 0; i < n; ++i) {
            if (m_hovered >= 0 && i != m_hovered)
                continue;
            for (int j = 0; j < n; ++j) {
                const double width = lineWidth(w(i, j));
                if (width < 0.25)
                    continue; // invisible anyway, and masked weights are exactly 0
                const QRect from = tokenRect(false, i), to = tokenRect(true, j);
                p.setPen(QPen(colour, width, Qt::SolidLine, Qt::FlatCap));
                p.drawLine(QPointF(from.right() + 4, from.center().y() + 0.5 + offset),
                           QPointF(to.left() - 4, to.center().y() + 0.5 + offset));
                m_lines.push_back({h, i, j, width});
            }
        }
    }

    for (int i = 0; i < n; ++i) {
        const QString name = m_session->tokenName(m_session->tokens()[std::size_t(i)]);
        const QString label = QStringLiteral("%1 %2").arg(m_session->shift() + i).arg(name);
        QFont f = font();
        f.setBold(i == m_hovered);
        p.setFont(f);
        p.setPen(ColorScheme::text());
        p.drawText(tokenRect(false, i), Qt::AlignRight | Qt::AlignVCenter, label);
        p.setFont(font());
        p.drawText(tokenRect(true, i), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("%1 %2").arg(name).arg(m_session->shift() + i));
    }
}

void SequenceHeadView::mouseMoveEvent(QMouseEvent *event)
{
    int hovered = -1;
    for (int i = 0; i < int(m_session->tokens().size()); ++i)
        if (tokenRect(false, i).contains(event->position().toPoint()))
            hovered = i;
    if (hovered != m_hovered) {
        m_hovered = hovered;
        update();
    }
    QWidget::mouseMoveEvent(event);
}

void SequenceHeadView::leaveEvent(QEvent *event)
{
    if (m_hovered != -1) {
        m_hovered = -1;
        update();
    }
    QWidget::leaveEvent(event);
}
