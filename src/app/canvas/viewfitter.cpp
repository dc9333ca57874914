#include "canvas/viewfitter.h"

#include <QFont>
#include <QFontMetricsF>
#include <QSize>
#include <QString>

#include <algorithm>
#include <cmath>

ViewTransform ViewFitter::home(QSize viewport)
{
    ViewTransform v;
    v.fit(kHomeWorld, viewport, kHomeMargin);
    return v;
}

ViewTransform ViewFitter::showing(const QRectF &bounds, QSize viewport, QSizeF label)
{
    // A label sits beyond its tip in whichever direction is emptiest: keep its half-diagonal
    // (plus a gap) and then half its own width or height free beyond the outermost tips.
    const double push = 0.5 * std::hypot(label.width(), label.height()) + 6;
    ViewTransform v;
    v.fit(bounds, viewport, push + label.width() / 2 + 8, push + label.height() / 2 + 8);
    return v;
}

ViewTransform ViewFitter::showingAll(const QRectF &bounds, QSize viewport, const QFont &labelFont)
{
    const QFontMetricsF fm(labelFont);
    return showing(bounds, viewport,
                   QSizeF(fm.horizontalAdvance(QString::fromUtf16(kWidestLabel)), fm.height()));
}

ViewTransform ViewFitter::scaledTo(const ViewTransform &view, QSize target)
{
    ViewTransform v = view;
    const QSizeF old = view.viewportSize();
    const double factor = std::min(target.width() / std::max(1.0, old.width()),
                                   target.height() / std::max(1.0, old.height()));
    v.setScale(view.scale() * factor);
    v.setViewportSize(target);
    return v;
}

ViewTransform ViewFitter::zoomedAboutMiddle(const ViewTransform &view, double factor)
{
    ViewTransform v = view;
    const QSizeF size = view.viewportSize();
    v.zoomAt(QPointF(size.width() / 2, size.height() / 2), factor);
    return v;
}

ViewTransform ViewFitter::wheelZoomed(const ViewTransform &view, QPointF at, int delta)
{
    ViewTransform v = view;
    v.zoomAt(at, std::pow(2.0, delta / 480.0));
    return v;
}
