#pragma once

#include "export/exporter.h"

#include <QImage>

class QProgressDialog;

/// One picture of an Exporter (as Exporter::renderImage() draws it) painted a band of rows at a
/// time, so that a window drawing a very large picture returns to its event loop between bands:
/// it repaints and hears Cancel. One frame of a GIF of 8192 × 8192 pixels took about a quarter of
/// a second in one piece (the Training view's, more), a band takes a thirty-second of that.
///
/// Each band is painted with the whole picture's geometry, clipped to its rows. Qt's raster
/// engine clips a large shape's outline before filling it, so an edge that crosses a band's
/// boundary may come out a shade different (a few levels of 255) from the whole picture's. The
/// bands therefore depend only on the picture's width (kBandPixels pixels each, whole logical
/// rows), never on how fast the machine is: the same document always gives the same pixels,
/// whether a window or the command line draws it. A picture of at most kBandPixels pixels is one
/// band, exactly as renderImage() paints it.
class PictureInBands
{
public:
    /// Pixels a band paints at most (a whole logical row at least).
    static constexpr int kBandPixels = 1 << 21;

    /// Draws nothing yet; the exporter's window, canvas or chart must stay as they are until
    /// isDone().
    PictureInBands(const Exporter &exporter, const Exporter::Options &options);

    /// The picture does not fit in memory: nothing can be drawn.
    bool isNull() const { return m_image.isNull(); }
    /// Paints the next band; false once the picture is complete (or null).
    bool drawBand();
    /// Paints every band that is left.
    void drawAll();
    /// The same with the window's event loop turning between bands, `progress` (whose maximum
    /// the caller sets: bandCount() at least) one step further per band; false when its Cancel
    /// was pressed (the picture is then left unfinished).
    bool drawAll(QProgressDialog &progress);
    bool isDone() const { return isNull() || m_next >= m_image.height(); }
    /// The bands the picture takes.
    int bandCount() const;
    /// The complete picture, as Exporter::renderImage() returns it; null before isDone().
    QImage take();

private:
    Exporter m_exporter;
    Exporter::Options m_options;
    QImage m_image;
    int m_rows = 0; ///< device rows per band
    int m_next = 0; ///< the next band's first row
};
