#include "sequence/sequenceheadview.h"

#include "model/sequencesession.h"
#include "sequence/spanlinerasterizer.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QDataStream>
#include <QIODevice>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

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
    // Every paint covers the whole view: nothing under it needs painting first.
    setAttribute(Qt::WA_OpaquePaintEvent);
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

QString SequenceHeadView::caption() const
{
    return tr("Layer %1: queries → keys, thickness = weight").arg(m_layer + 1);
}

std::vector<QPoint> SequenceHeadView::legendPlaces() const
{
    const QFontMetrics fm(font());
    const int heads =
        m_layer < m_session->model().layerCount() ? m_session->model().headCount(m_layer) : 0;
    const int top = m_caption.height(caption(), font(), width());
    std::vector<QPoint> places;
    int x = fm.height() / 2, y = top;
    for (int h = 0; h < heads; ++h) {
        const int w = fm.height() + 4 + fm.horizontalAdvance(tr("Head %1").arg(h + 1));
        if (x > fm.height() / 2 && x + w > width()) {
            x = fm.height() / 2;
            y += fm.height();
        }
        places.emplace_back(x, y);
        x += w + fm.height();
    }
    places.emplace_back(0, y + (heads > 0 ? fm.height() : 0));
    return places;
}

SequenceHeadView::Geometry SequenceHeadView::geometry() const
{
    const int n = int(m_session->tokens().size());
    const QFontMetrics fm(font());
    Geometry g;
    g.top = legendPlaces().back().y() + fm.height() / 4;
    // Every row inside the view, however short: rows shorter than a line label only every
    // labelStep()-th token rather than run off the bottom.
    g.row = std::max(1, (height() - g.top - fm.height() / 2) / std::max(1, n));
    g.labelStep = (fm.height() + g.row - 1) / g.row;
    // Room for "00 WWWWWW", but never more than a third of the view: the lines need the middle.
    g.column = std::min(fm.horizontalAdvance(QStringLiteral("00 ")) +
                            fm.horizontalAdvance(QStringLiteral("WWWWWW")),
                        (width() - fm.height()) / 3);
    g.left = fm.height() / 2;
    g.right = width() - g.column - fm.height() / 2;
    return g;
}

QRect SequenceHeadView::tokenRect(bool keys, int index) const
{
    const int n = int(m_session->tokens().size());
    if (index < 0 || index >= n)
        return {};
    const Geometry g = geometry();
    return QRect(keys ? g.right : g.left, g.top + index * g.row, g.column, g.row);
}

QSize SequenceHeadView::sizeHint() const
{
    return QSize(320, 420);
}

QSize SequenceHeadView::minimumSizeHint() const
{
    return QSize(200, 160);
}

void SequenceHeadView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        m_labelNames.clear(); // measured again at the next paint
    QWidget::changeEvent(event);
}

void SequenceHeadView::prepareLabels()
{
    QStringList names;
    for (int token : m_session->tokens())
        names << m_session->tokenName(token);
    if (names == m_labelNames && m_labelShift == m_session->shift() && m_labelFont == font())
        return;
    m_labelNames = names;
    m_labelShift = m_session->shift();
    m_labelFont = font();
    m_queryLabels.clear();
    m_keyLabels.clear();
    for (int i = 0; i < int(names.size()); ++i) {
        const int position = m_labelShift + i;
        QStaticText query(QStringLiteral("%1 %2").arg(position).arg(names[i]));
        QStaticText key(QStringLiteral("%1 %2").arg(names[i]).arg(position));
        for (QStaticText *text : {&query, &key}) {
            text->setTextFormat(Qt::PlainText);
            text->prepare(QTransform(), font());
        }
        m_queryLabels.push_back(query);
        m_keyLabels.push_back(key);
    }
}

void SequenceHeadView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    m_lines.clear();
    const bool ready = m_session->hasResult() && m_layer < int(m_session->forward().layers.size());
    if (ready)
        collectLines();
    if (!StillLayer::usable(p, *this)) {
        // Files (SVG, PDF) and scaled pictures: vectors and text, as QPainter draws them.
        p.fillRect(rect(), ColorScheme::background());
        if (!ready)
            return;
        paintStill(p);
        paintLines(p);
        return;
    }
    // On screen: the headings and token names from a picture, the lines composed over a copy
    // of it (they never cross the names: they run between the two columns), one blit.
    const QImage &still = m_still.picture(*this, stillKey(), [this, ready](QPainter &q) {
        if (ready)
            paintStill(q);
    });
    if (m_lines.empty()) {
        p.drawImage(QPoint(0, 0), still);
        return;
    }
    QImage &frame = m_still.frame();
    rasterLines(frame);
    p.drawImage(QPoint(0, 0), frame);
}

void SequenceHeadView::collectLines()
{
    const auto &heads = m_session->forward().layers[std::size_t(m_layer)].heads;
    const int n = m_session->forward().length();
    for (int h = 0; h < int(heads.size()); ++h) {
        const auto &w = heads[std::size_t(h)].weights;
        for (int i = 0; i < n; ++i) {
            if (m_hovered >= 0 && i != m_hovered)
                continue;
            for (int j = 0; j < n; ++j) {
                const double width = lineWidth(w(i, j));
                if (width < 0.25)
                    continue; // invisible anyway, and masked weights are exactly 0
                m_lines.push_back({h, i, j, width});
            }
        }
    }
}

QColor SequenceHeadView::lineColor(int head) const
{
    const int heads = m_session->forward().layers[std::size_t(m_layer)].heads.size();
    QColor colour = headColor(head, heads);
    // Translucent lines show where heads overlap; high contrast wants them solid.
    colour.setAlphaF(ColorScheme::theme() == ColorScheme::Theme::HighContrast ? 1.0 : 0.6);
    return colour;
}

QLineF SequenceHeadView::lineAt(const Geometry &g, const Line &line) const
{
    const int heads = int(m_session->forward().layers[std::size_t(m_layer)].heads.size());
    // Each head's lines a little apart from the others', so that overlapping heads do not
    // blend into one colour.
    const double offset = (line.head - (heads - 1) / 2.0) * 3 * Appearance::instance()->lineScale();
    const double centre = (g.row - 1) / 2.0 + 0.5 + offset;
    return QLineF(g.left + g.column + 4, g.top + line.query * g.row + centre, g.right - 4,
                  g.top + line.key * g.row + centre);
}

void SequenceHeadView::paintLines(QPainter &p) const
{
    const Geometry g = geometry();
    QPen pen(Qt::black, 1, Qt::SolidLine, Qt::FlatCap);
    for (const Line &line : m_lines) {
        pen.setColor(lineColor(line.head));
        pen.setWidthF(line.width);
        p.setPen(pen);
        p.drawLine(lineAt(g, line));
    }
}

void SequenceHeadView::rasterLines(QImage &image) const
{
    const Geometry g = geometry();
    const double ratio = image.devicePixelRatio();
    const int heads = int(m_session->forward().layers[std::size_t(m_layer)].heads.size());
    std::vector<QRgb> colours;
    for (int h = 0; h < heads; ++h)
        colours.push_back(lineColor(h).rgba());
    for (const Line &line : m_lines) {
        const QLineF at = lineAt(g, line);
        SpanLineRasterizer::drawLine(image, at.p1() * ratio, at.p2() * ratio, line.width * ratio,
                                     colours[std::size_t(line.head)]);
    }
}

QByteArray SequenceHeadView::stillKey()
{
    prepareLabels();
    QByteArray key;
    QDataStream stream(&key, QIODevice::WriteOnly);
    const bool ready = m_session->hasResult() && m_layer < int(m_session->forward().layers.size());
    stream << ready << m_layer << m_hovered << m_labelShift << m_labelNames << caption()
           << tr("Head %1").arg(1)
           << (ready ? int(m_session->forward().layers[std::size_t(m_layer)].heads.size()) : 0);
    return key;
}

void SequenceHeadView::paintStill(QPainter &p)
{
    const auto &heads = m_session->forward().layers[std::size_t(m_layer)].heads;
    const int n = m_session->forward().length();
    const QFontMetrics fm(font());
    const Geometry g = geometry();

    // Headings, and one key per head so that a colour can be read back to its head.
    p.setPen(ColorScheme::text());
    m_caption.paint(p, rect(), caption());
    const std::vector<QPoint> places = legendPlaces();
    for (int h = 0; h < int(heads.size()); ++h) {
        const QPoint at = places[std::size_t(h)];
        p.fillRect(QRect(at.x(), at.y() + fm.height() / 4, fm.height(), fm.height() / 2),
                   headColor(h, int(heads.size())));
        p.drawText(QPoint(at.x() + fm.height() + 4, at.y() + fm.ascent()),
                   tr("Head %1").arg(h + 1));
    }

    prepareLabels();
    p.setPen(ColorScheme::text());
    for (int i = 0; i < n && i < int(m_queryLabels.size()); ++i) {
        if (i % g.labelStep != 0 && i != m_hovered)
            continue;
        const QRect left(g.left, g.top + i * g.row, g.column, g.row);
        const QRect right(g.right, left.top(), g.column, g.row);
        if (i == m_hovered) {
            QFont bold = font();
            bold.setBold(true);
            p.setFont(bold);
            p.drawText(left, Qt::AlignRight | Qt::AlignVCenter,
                       m_queryLabels[std::size_t(i)].text());
            p.setFont(font());
        } else {
            const QSizeF size = m_queryLabels[std::size_t(i)].size();
            p.drawStaticText(QPointF(left.right() + 1 - size.width(),
                                     left.top() + (left.height() - size.height()) / 2),
                             m_queryLabels[std::size_t(i)]);
        }
        const QSizeF size = m_keyLabels[std::size_t(i)].size();
        p.drawStaticText(QPointF(right.left(), right.top() + (right.height() - size.height()) / 2),
                         m_keyLabels[std::size_t(i)]);
    }
}

void SequenceHeadView::mouseMoveEvent(QMouseEvent *event)
{
    int hovered = -1;
    const Geometry g = geometry();
    const QPoint at = event->position().toPoint();
    if (at.x() >= g.left && at.x() < g.left + g.column && at.y() >= g.top && g.row > 0) {
        const int i = (at.y() - g.top) / g.row;
        if (i < int(m_session->tokens().size()))
            hovered = i;
    }
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
