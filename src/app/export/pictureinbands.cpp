#include "export/pictureinbands.h"

#include <QCoreApplication>
#include <QProgressDialog>

#include <algorithm>
#include <utility>

PictureInBands::PictureInBands(const Exporter &exporter, const Exporter::Options &options)
    : m_exporter(exporter), m_options(options), m_image(exporter.blankImage(options))
{
    if (m_image.isNull())
        return;
    // Whole logical rows, so that a band's edges fall between rows of the painting's geometry.
    const int scale = std::clamp(m_options.scale, 1, 4);
    m_rows = std::max(scale, kBandPixels / std::max(m_image.width(), 1) / scale * scale);
}

int PictureInBands::bandCount() const
{
    return isNull() ? 0 : (m_image.height() + m_rows - 1) / m_rows;
}

bool PictureInBands::drawBand()
{
    if (isDone())
        return false;
    const int bottom = std::min(m_next + m_rows, m_image.height());
    m_exporter.renderRows(m_image, m_options, m_next, bottom);
    m_next = bottom;
    return !isDone();
}

void PictureInBands::drawAll()
{
    while (drawBand()) {
    }
}

bool PictureInBands::drawAll(QProgressDialog &progress)
{
    for (int band = m_rows > 0 ? m_next / m_rows + 1 : 1; drawBand(); ++band) {
        progress.setValue(band);
        QCoreApplication::processEvents();
        if (progress.wasCanceled())
            return false;
    }
    return !progress.wasCanceled();
}

QImage PictureInBands::take()
{
    if (isNull() || !isDone())
        return {};
    Exporter::finishImage(m_image, m_options);
    return std::exchange(m_image, QImage());
}
