#include "canvas/scenehandles.h"

#include "canvas/viewtransform.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"

#include <algorithm>

using Kind = VectorHandle::Kind;

QPointF SceneHandles::point(const attn::Vector &v)
{
    return v.size() >= 2 ? QPointF(v[0], v[1]) : QPointF();
}

QPointF SceneHandles::rowPoint(const attn::Matrix &m, int row)
{
    return (row >= 0 && row < m.rows() && m.cols() >= 2) ? QPointF(m(row, 0), m(row, 1))
                                                         : QPointF();
}

attn::Vector SceneHandles::vector2(QPointF p)
{
    attn::Vector v(2);
    v << p.x(), p.y();
    return v;
}

attn::Matrix SceneHandles::generalMatrix() const
{
    const attn::Matrix &w = m_model->scene().general;
    if (w.rows() == 2 && w.cols() == 2)
        return w;
    return attn::Matrix::Identity(2, 2);
}

bool SceneHandles::isMasked(int index) const
{
    const attn::Mask &mask = m_model->scene().mask;
    return index >= 0 && index < int(mask.size()) && mask[index];
}

attn::Vector SceneHandles::vectorOf(const VectorHandle &handle) const
{
    const attn::Scene &s = m_model->scene();
    // A handle may name a key that is gone (a stale hover); it reads as the origin, never as a
    // row past the end.
    const bool row = handle.index >= 0 && handle.index < m_model->keyCount();
    switch (handle.kind) {
    case Kind::Query:
        return s.query;
    case Kind::Key:
        if (row)
            return s.keys.row(handle.index).transpose();
        break;
    case Kind::Value:
        if (row)
            return s.values.row(handle.index).transpose();
        break;
    case Kind::GeneralColumn:
        return generalMatrix().col(handle.index);
    case Kind::None:
        break;
    }
    return attn::Vector::Zero(2);
}

attn::Vector SceneHandles::displayedVectorOf(const VectorHandle &handle) const
{
    const bool row = handle.index >= 0 && handle.index < m_model->keyCount();
    switch (handle.kind) {
    case Kind::Query:
        return m_model->query();
    case Kind::Key:
        if (row)
            return m_model->keys().row(handle.index).transpose();
        break;
    case Kind::Value:
        if (row)
            return m_model->values().row(handle.index).transpose();
        break;
    case Kind::GeneralColumn:
        return generalMatrix().col(handle.index);
    case Kind::None:
        break;
    }
    return attn::Vector::Zero(2);
}

QPointF SceneHandles::tipOf(const VectorHandle &handle) const
{
    return point(displayedVectorOf(handle));
}

QString SceneHandles::nameOf(const VectorHandle &handle)
{
    switch (handle.kind) {
    case Kind::Query:
        return QStringLiteral("q");
    case Kind::Key:
        return QLatin1Char('k') + NumberFormat::subscript(handle.index + 1);
    case Kind::Value:
        return QLatin1Char('v') + NumberFormat::subscript(handle.index + 1);
    case Kind::GeneralColumn:
        return QStringLiteral("W·e") + NumberFormat::subscript(handle.index + 1);
    case Kind::None:
        break;
    }
    return {};
}

QColor SceneHandles::colorOf(const VectorHandle &handle) const
{
    switch (handle.kind) {
    case Kind::Query:
        return ColorScheme::query();
    case Kind::Key:
        return ColorScheme::keyColor(handle.index, m_model->keyCount());
    case Kind::Value:
        return ColorScheme::value();
    case Kind::GeneralColumn:
        return ColorScheme::generalColumn();
    case Kind::None:
        break;
    }
    return ColorScheme::text();
}

VectorHandle SceneHandles::handleAt(const ViewTransform &view, QPointF screen, double radius) const
{
    VectorHandle best;
    double bestDistance = 0;
    auto consider = [&](VectorHandle h) {
        const double d = QLineF(view.toScreen(tipOf(h)), screen).length();
        if (d <= radius && (!best.isValid() || d < bestDistance - 0.5)) {
            best = h;
            bestDistance = d;
        }
    };
    consider({Kind::Query, -1});
    if (MethodViews::of(m_model->scene().method).drawsWColumns) {
        consider({Kind::GeneralColumn, 0});
        consider({Kind::GeneralColumn, 1});
    }
    const int n = m_model->keyCount();
    for (int i = 0; i < n; ++i)
        consider({Kind::Key, i});
    for (int i = 0; i < n; ++i)
        consider({Kind::Value, i});
    return best;
}

QRectF SceneHandles::bounds() const
{
    // The unit circle and the origin always, so that the picture keeps its reference.
    QRectF r(QPointF(-1, -1), QPointF(1, 1));
    auto add = [&r](QPointF p) {
        // Any finite number may be in a scene; beyond what the smallest scale can show together
        // with the origin, the edge markers point the way (and the rectangle's width stays
        // finite).
        constexpr double kLimit = 1e302;
        p = QPointF(std::clamp(p.x(), -kLimit, kLimit), std::clamp(p.y(), -kLimit, kLimit));
        r.setLeft(std::min(r.left(), p.x()));
        r.setRight(std::max(r.right(), p.x()));
        r.setTop(std::min(r.top(), p.y()));
        r.setBottom(std::max(r.bottom(), p.y()));
    };
    add(point(m_model->query()));
    for (int i = 0; i < m_model->keyCount(); ++i) {
        add(rowPoint(m_model->keys(), i));
        add(rowPoint(m_model->values(), i));
    }
    if (m_model->hasResult() && m_model->result().output.size() == 2)
        add(point(m_model->result().output));
    if (MethodViews::of(m_model->scene().method).drawsWColumns) {
        const attn::Matrix w = generalMatrix();
        add(QPointF(w(0, 0), w(1, 0)));
        add(QPointF(w(0, 1), w(1, 1)));
    }
    return r;
}

QVector<QLineF> SceneHandles::arrowLines(const ViewTransform &view) const
{
    const QPointF origin = view.toScreen(QPointF(0, 0));
    QVector<QLineF> lines;
    lines << QLineF(origin, view.toScreen(point(m_model->query())));
    for (int i = 0; i < m_model->keyCount(); ++i) {
        lines << QLineF(origin, view.toScreen(rowPoint(m_model->keys(), i)));
        lines << QLineF(origin, view.toScreen(rowPoint(m_model->values(), i)));
    }
    if (m_model->hasResult() && m_model->result().output.size() == 2)
        lines << QLineF(origin, view.toScreen(point(m_model->result().output)));
    if (MethodViews::of(m_model->scene().method).drawsWColumns) {
        const attn::Matrix w = generalMatrix();
        for (int c = 0; c < 2; ++c)
            lines << QLineF(origin, view.toScreen(QPointF(w(0, c), w(1, c))));
    }
    return lines;
}
