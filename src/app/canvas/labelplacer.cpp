#include "canvas/labelplacer.h"

#include "text/arrowpainter.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

LabelPlacer::LabelPlacer(const QFont &font, const QRectF &viewport)
    : m_font(font), m_viewport(viewport),
      m_columns(std::max(1, int(std::ceil(viewport.width() / kCell)))),
      m_rows(std::max(1, int(std::ceil(viewport.height() / kCell)))),
      m_cells(std::size_t(m_columns) * std::size_t(m_rows))
{}

void LabelPlacer::addObstacle(QPointF tip, double radius, int owner)
{
    take({QRectF(tip - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius)), owner});
}

double LabelPlacer::pushOf(QSizeF size) const
{
    return 0.5 * std::hypot(size.width(), size.height()) + 6;
}

std::optional<LabelPlacer::Spot> LabelPlacer::place(QPointF from, QPointF tip, const QString &text,
                                                    int owner, bool force, double clearance)
{
    const QSizeF size = ArrowPainter::labelSize(m_font, text);
    const double push = pushOf(size);
    QPointF dir = tip - from;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 0 ? dir / len : QPointF(1, 0);
    static constexpr std::array<double, 9> kTurns{0, 40, -40, 80, -80, 120, -120, 160, 180};
    // Each turn's cosine and sine, once: a 64-key frame tried a few thousand directions.
    static const std::array<QPointF, 9> kRotations = [] {
        std::array<QPointF, 9> r;
        for (std::size_t i = 0; i < kTurns.size(); ++i) {
            const double a = kTurns[i] * std::numbers::pi / 180;
            r[i] = QPointF(std::cos(a), std::sin(a));
        }
        return r;
    }();
    // In label heights. A label that must be shown (a heavy key's weight) may also stand
    // farther out in any direction before it is laid over another.
    static constexpr std::array<double, 5> kExtras{0, 0.8, 1.6, 2.4, 3.2};
    for (const double extra : kExtras) {
        if (extra > 1.6 && !force)
            break;
        for (std::size_t i = 0; i < kTurns.size(); ++i) {
            if (extra > 0 && extra <= 1.6 && std::abs(kTurns[i]) > 40)
                continue;
            const double c = kRotations[i].x(), s = kRotations[i].y();
            const QPointF d(dir.x() * c - dir.y() * s, dir.x() * s + dir.y() * c);
            const QPointF t = tip + d * (clearance + extra * size.height());
            const QRectF box = boxAt(t + d * push, size);
            if (isFree(box, owner)) {
                take({box, owner});
                return Spot{t - d, t};
            }
        }
    }
    if (!force)
        return std::nullopt;
    const QPointF t = tip + dir * clearance;
    take({boxAt(t + dir * push, size), owner});
    return Spot{t - dir, t};
}

QRectF LabelPlacer::boxOf(const Spot &spot, const QString &text) const
{
    const QSizeF size = ArrowPainter::labelSize(m_font, text);
    QPointF dir = spot.tip - spot.from;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 0 ? dir / len : QPointF(1, 0);
    return boxAt(spot.tip + dir * pushOf(size), size);
}

QRectF LabelPlacer::boxAt(QPointF centre, QSizeF size)
{
    return QRectF(centre.x() - size.width() / 2 - 3, centre.y() - size.height() / 2 - 1,
                  size.width() + 6, size.height() + 2);
}

LabelPlacer::CellRange LabelPlacer::cellsOf(const QRectF &box) const
{
    // Clamped as doubles: a tip far off screen must not overflow an int (NaN lands on 0).
    auto clampTo = [](double v, int count) {
        return v > 0 ? int(std::min(v, double(count - 1))) : 0;
    };
    return {clampTo(std::floor((box.left() - m_viewport.left()) / kCell), m_columns),
            clampTo(std::floor((box.top() - m_viewport.top()) / kCell), m_rows),
            clampTo(std::floor((box.right() - m_viewport.left()) / kCell), m_columns),
            clampTo(std::floor((box.bottom() - m_viewport.top()) / kCell), m_rows)};
}

void LabelPlacer::take(const Taken &taken)
{
    const int index = int(m_taken.size());
    m_taken.push_back(taken);
    const CellRange r = cellsOf(taken.box);
    for (int row = r.top; row <= r.bottom; ++row)
        for (int column = r.left; column <= r.right; ++column)
            m_cells[std::size_t(row * m_columns + column)].push_back(index);
}

bool LabelPlacer::isFree(const QRectF &box, int owner) const
{
    if (!m_viewport.contains(box))
        return false;
    // Only what shares a cell with the box can overlap it: with 64 keys, a few boxes to test
    // instead of all two hundred.
    const CellRange r = cellsOf(box);
    for (int row = r.top; row <= r.bottom; ++row) {
        for (int column = r.left; column <= r.right; ++column) {
            for (const int i : m_cells[std::size_t(row * m_columns + column)]) {
                const Taken &t = m_taken[std::size_t(i)];
                if (t.owner != owner && t.box.intersects(box))
                    return false;
            }
        }
    }
    return true;
}
