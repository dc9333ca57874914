#include "canvas/landscapelayer.h"

#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QPainter>
#include <QVarLengthArray>

#include <algorithm>
#include <array>
#include <cmath>

namespace {

// A diverging map that keeps clear of the lesson's colours: warm amber for positive scores, a
// cool slate for negative ones, white (the canvas's background) at 0. Both ends stay pale so that
// every arrow remains readable on top; the hues differ in lightness too, for colour-blind eyes.
const QColor kWarm(0xe6, 0x9f, 0x00);
const QColor kCool(0x4a, 0x5d, 0x8c);
constexpr double kStrength = 0.55; // how far the ends go from white towards the hue
const QColor kWarmLine(0x9c, 0x62, 0x00);
const QColor kCoolLine(0x3a, 0x48, 0x6e);

// Iso-lines are traced on samples this many pixels apart: the same in both qualities, so the
// lines do not jump when a drag ends, and cheap enough for every frame of a drag.
constexpr int kIsoCell = 6;
static_assert(kIsoCell % LandscapeLayer::kFullCell == 0 &&
              kIsoCell % LandscapeLayer::kDraftCell == 0);

constexpr int kLutHalf = 256;

// Built for the canvas's background, and again when the theme changes it (paint-time only, on
// the GUI thread).
const std::array<QRgb, 2 * kLutHalf + 1> &lut()
{
    static std::array<QRgb, 2 * kLutHalf + 1> table{};
    static QColor builtFor;
    const QColor bg = ColorScheme::background();
    if (builtFor.isValid() && bg == builtFor)
        return table;
    builtFor = bg;
    for (int k = -kLutHalf; k <= kLutHalf; ++k) {
        const double a = kStrength * std::abs(k) / kLutHalf;
        const QColor &hue = k >= 0 ? kWarm : kCool;
        table[std::size_t(k + kLutHalf)] =
            qRgb(int(std::lround(bg.red() + a * (hue.red() - bg.red()))),
                 int(std::lround(bg.green() + a * (hue.green() - bg.green()))),
                 int(std::lround(bg.blue() + a * (hue.blue() - bg.blue()))));
    }
    return table;
}

inline QRgb lutColour(double score, double range)
{
    if (!std::isfinite(score) || !(range > 0))
        return lut()[kLutHalf];
    const double t = std::clamp(score / range, -1.0, 1.0);
    return lut()[std::size_t(std::lround(t * kLutHalf) + kLutHalf)];
}

int decimalsFor(double step)
{
    return step > 0 ? std::max(0, -int(std::floor(std::log10(step) + 1e-9))) : 2;
}

/// "1.5", "−2", "0": as many decimals as the step needs, without trailing zeros.
QString levelText(double level, double step)
{
    if (std::abs(level) < step * 1e-6)
        return QStringLiteral("0"); // never "−0" or "0.0"
    QString s = NumberFormat::number(level, decimalsFor(step));
    if (s.contains(QLatin1Char('.')) && !s.contains(QLatin1Char('e'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

bool isZero(double level, double step)
{
    return std::abs(level) < step * 1e-6;
}

QColor lineColour(double level, double step)
{
    // The zero line, where scores change sign, is the darkest.
    if (isZero(level, step))
        return ColorScheme::text();
    // On a dark background the lines must be lighter than the shading, not darker.
    if (ColorScheme::isDark(ColorScheme::background()))
        return level > 0 ? kWarm.lighter(130) : kCool.lighter(190);
    return level > 0 ? kWarmLine : kCoolLine;
}

double distanceToSegment(QPointF p, const QLineF &s)
{
    const QPointF d = s.p2() - s.p1();
    const double len2 = d.x() * d.x() + d.y() * d.y();
    double t = len2 > 0 ? ((p.x() - s.x1()) * d.x() + (p.y() - s.y1()) * d.y()) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const QPointF q = s.p1() + t * d;
    return std::hypot(p.x() - q.x(), p.y() - q.y());
}

} // namespace

LandscapeLayer::LandscapeLayer(const SceneModel *model) : m_model(model) {}

void LandscapeLayer::setHead(int head)
{
    if (head < attn::kMeanOfHeads)
        head = attn::kMeanOfHeads;
    if (head == m_head)
        return;
    m_head = head;
    m_dirty = true;
}

int LandscapeLayer::effectiveHead() const
{
    const attn::Scene &s = m_model->scene();
    if (s.method != attn::Method::MultiHead || m_head >= int(s.multiHead.heads.size()))
        return attn::kMeanOfHeads;
    return m_head;
}

QPointF LandscapeLayer::samplePoint(int i, int j) const
{
    return QPointF((i + 0.5) * m_cell, (j + 0.5) * m_cell);
}

QColor LandscapeLayer::colourFor(double score, double range)
{
    return QColor(lutColour(score, range));
}

bool LandscapeLayer::prepare(const ViewTransform &view, bool draft)
{
    const int cell = draft ? kDraftCell : kFullCell;
    if (!m_dirty && cell == m_cell && view == m_view)
        return m_valid;
    m_dirty = false;
    m_cell = cell;
    m_view = view;
    m_valid = false;
    m_levels.clear();
    m_lines.clear();

    const QSizeF size = view.viewportSize();
    // Sample (i, j) sits at the centre of its cell, where the scaled image puts pixel (i, j).
    attn::GridSpec grid;
    grid.nx = std::max(1, int(std::ceil(size.width() / cell)));
    grid.ny = std::max(1, int(std::ceil(size.height() / cell)));
    const QPointF first = view.toWorld(QPointF(0.5 * cell, 0.5 * cell));
    grid.x0 = first.x();
    grid.y0 = first.y();
    grid.dx = cell / view.scale();
    grid.dy = -cell / view.scale();

    const attn::Scene &scene = m_model->scene();
    auto field =
        attn::scoreField(m_model->query(), scene.method, scene.params(), grid, effectiveHead());
    if (!field) {
        m_image = QImage();
        return false;
    }
    m_field = std::move(field).value();
    m_valid = true;

    const double lo = m_field.minimum, hi = m_field.maximum;
    const double largest = std::max(std::abs(lo), std::abs(hi));
    m_step = attn::isoStep(lo, hi, kIsoLineCount);
    if (m_step > 0) {
        // The colour range is a whole number of iso-steps, so that the legend's ends are round
        // numbers and change in steps rather than with every pixel of a drag.
        m_range = std::max(1.0, std::ceil(largest / m_step * (1 - 1e-9))) * m_step;
        m_levels = attn::isoLevels(lo, hi, m_step);
    } else {
        m_range = largest > 0 ? largest : 1.0;
    }

    if (!m_levels.empty()) {
        const int every = kIsoCell / cell;
        attn::ScoreField coarse;
        coarse.grid = grid;
        coarse.grid.dx *= every;
        coarse.grid.dy *= every;
        coarse.grid.nx = (grid.nx + every - 1) / every;
        coarse.grid.ny = (grid.ny + every - 1) / every;
        coarse.values =
            m_field.values(Eigen::seq(0, Eigen::last, every), Eigen::seq(0, Eigen::last, every));
        for (const double level : m_levels)
            m_lines.push_back(attn::isoLines(coarse, level));
    }
    rebuildImage();
    return true;
}

void LandscapeLayer::rebuildImage()
{
    const int nx = int(m_field.values.cols()), ny = int(m_field.values.rows());
    if (m_image.width() != nx || m_image.height() != ny)
        m_image = QImage(nx, ny, QImage::Format_RGB32);
    for (int j = 0; j < ny; ++j) {
        auto *line = reinterpret_cast<QRgb *>(m_image.scanLine(j));
        for (int i = 0; i < nx; ++i)
            line[i] = lutColour(m_field.values(j, i), m_range);
    }
}

void LandscapeLayer::paintField(QPainter &painter) const
{
    if (!m_valid || m_image.isNull())
        return;
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(
        QRectF(0, 0, double(m_image.width()) * m_cell, double(m_image.height()) * m_cell), m_image);
    painter.restore();
}

namespace {
QRectF legendRect(const QSizeF &size, const QFontMetricsF &fm, const QString &caption)
{
    const double pad = 8;
    const double width = std::max(200.0, fm.horizontalAdvance(caption)) + 2 * pad;
    const double height = pad + fm.height() + 4 + 12 + 2 + fm.height() + pad;
    return QRectF(size.width() - width - 12, size.height() - height - 12, width, height);
}
} // namespace

void LandscapeLayer::paintIsoLines(QPainter &painter, const ViewTransform &view, const QFont &font,
                                   const QVector<QLineF> &arrows) const
{
    m_labelBoxes.clear();
    if (!m_valid || m_levels.empty())
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QSizeF size = view.viewportSize();
    std::vector<QVector<QLineF>> screen(m_levels.size());
    for (std::size_t k = 0; k < m_levels.size(); ++k) {
        const QColor c = lineColour(m_levels[k], m_step);
        QVector<QLineF> &lines = screen[k];
        lines.reserve(qsizetype(m_lines[k].size()));
        for (const attn::Segment &s : m_lines[k])
            lines.append(
                QLineF(view.toScreen(QPointF(s.x1, s.y1)), view.toScreen(QPointF(s.x2, s.y2))));
        painter.setPen(
            QPen(c, isZero(m_levels[k], m_step) ? 1.6 : 1.2, Qt::SolidLine, Qt::FlatCap));
        painter.drawLines(lines);
    }

    // Labels near the border of the view, where arrows and their labels rarely are, one per
    // line, never on top of each other or of the legend.
    const QFontMetricsF fm(font);
    painter.setFont(font);
    const QRectF legend = legendRect(size, fm, caption()).adjusted(-6, -6, 6, 6);
    const double margin = 30;
    const QRectF inset = QRectF(QPointF(0, 0), size).adjusted(margin, margin, -margin, -margin);
    for (std::size_t k = 0; k < m_levels.size(); ++k) {
        const QString text = levelText(m_levels[k], m_step);
        const QSizeF box(fm.horizontalAdvance(text) + 8, fm.height() + 2);
        double best = 1e300;
        QRectF chosen;
        for (const QLineF &line : screen[k]) {
            const QPointF mid = line.center();
            if (!inset.contains(mid))
                continue;
            const QRectF r(mid.x() - box.width() / 2, mid.y() - box.height() / 2, box.width(),
                           box.height());
            const double fromBorder =
                std::min(std::min(mid.x() - inset.left(), inset.right() - mid.x()),
                         std::min(mid.y() - inset.top(), inset.bottom() - mid.y()));
            if (fromBorder >= best || r.intersects(legend))
                continue;
            // Off the arrows, and well off their tips, where their labels sit.
            const double clearance = 0.5 * std::hypot(box.width(), box.height()) + 6;
            if (std::any_of(arrows.cbegin(), arrows.cend(), [&](const QLineF &a) {
                    return distanceToSegment(mid, a) < clearance ||
                           QLineF(mid, a.p2()).length() < clearance + 60;
                }))
                continue;
            const QRectF spaced = r.adjusted(-8, -8, 8, 8);
            if (std::any_of(m_labelBoxes.cbegin(), m_labelBoxes.cend(),
                            [&](const QRectF &taken) { return taken.intersects(spaced); }))
                continue;
            best = fromBorder;
            chosen = r;
        }
        if (chosen.isNull())
            continue;
        m_labelBoxes.append(chosen);
        const QColor c = lineColour(m_levels[k], m_step);
        QColor fill = ColorScheme::background();
        fill.setAlpha(225);
        painter.setPen(QPen(c, 1));
        painter.setBrush(fill);
        painter.drawRoundedRect(chosen, 3, 3);
        painter.setPen(ColorScheme::isDark(fill) ? c.lighter(110) : c.darker(115));
        painter.drawText(chosen, Qt::AlignCenter, text);
    }
    painter.restore();
}

QString LandscapeLayer::caption() const
{
    const QString title = tr("Score a key would get here");
    const attn::Scene &s = m_model->scene();
    if (s.method != attn::Method::MultiHead)
        return title;
    const int head = effectiveHead();
    if (head == attn::kMeanOfHeads)
        return tr("%1 (mean over heads)").arg(title);
    return tr("%1 (head %2)").arg(title).arg(head + 1);
}

void LandscapeLayer::paintLegend(QPainter &painter, const QSizeF &size, const QFont &font) const
{
    m_legendBox = QRectF();
    if (!m_valid)
        return;
    painter.save();
    const QFontMetricsF fm(font);
    painter.setFont(font);
    const QString text = caption();
    const QRectF box = legendRect(size, fm, text);
    m_legendBox = box;
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor fill = ColorScheme::background();
    fill.setAlpha(235);
    painter.setPen(QPen(ColorScheme::axis(), 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 5, 5);

    const double pad = 8;
    painter.setPen(ColorScheme::text());
    painter.drawText(QRectF(box.left() + pad, box.top() + pad, box.width() - 2 * pad, fm.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, text);

    // The bar shows the very table the shading uses, so that it cannot disagree with it.
    const QRectF bar(box.left() + pad, box.top() + pad + fm.height() + 4, box.width() - 2 * pad,
                     12);
    QImage strip(2 * kLutHalf + 1, 1, QImage::Format_RGB32);
    for (int k = 0; k <= 2 * kLutHalf; ++k)
        strip.setPixel(k, 0, lut()[std::size_t(k)]);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(bar, strip);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(ColorScheme::axis(), 1));
    painter.drawRect(bar);

    // The iso-lines' levels as ticks on the bar, and the ends and 0 written below.
    auto xOf = [&](double v) { return bar.left() + (v / m_range + 1) / 2 * bar.width(); };
    for (const double level : m_levels) {
        painter.setPen(QPen(lineColour(level, m_step), 1.5));
        painter.drawLine(QPointF(xOf(level), bar.top()), QPointF(xOf(level), bar.bottom()));
    }
    painter.setPen(ColorScheme::text());
    const double y = bar.bottom() + 2;
    const double step = m_step > 0 ? m_step : m_range;
    const std::array<std::pair<double, Qt::Alignment>, 3> ticks{
        {{-m_range, Qt::AlignLeft}, {0.0, Qt::AlignHCenter}, {m_range, Qt::AlignRight}}};
    for (const auto &[v, align] : ticks) {
        const QString t = levelText(v, step);
        const double w = fm.horizontalAdvance(t);
        double x = xOf(v) - w / 2;
        if (align == Qt::AlignLeft)
            x = bar.left();
        else if (align == Qt::AlignRight)
            x = bar.right() - w;
        painter.drawText(QRectF(x, y, w, fm.height()), Qt::AlignCenter, t);
    }
    painter.restore();
}
