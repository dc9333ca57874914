#include "export/animationexport.h"

#include "canvas/canvasfonts.h"
#include "canvas/canvaswidget.h"
#include "canvas/viewfitter.h"
#include "export/pictureinbands.h"
#include "model/commandline.h"
#include "model/scenemodel.h"
#include "widgets/updatethrottle.h"

#include <QMainWindow>
#include <QSaveFile>
#include <QSignalBlocker>

// The command line and the dialog offer what the file format can hold.
static_assert(CommandLine::kMinFps == GifWriter::kMinFps &&
              CommandLine::kMaxFps == GifWriter::kMaxFps);
static_assert(CommandLine::kMaxLoop == GifWriter::kMaxLoop);

AnimationExport::AnimationExport(const ExportSource &source, SceneModel *model,
                                 const Options &options)
    : m_source(source), m_model(model), m_options(options),
      m_sweep(model, options.kind, options.frames), m_exporter(source)
{
    // GIF frames are opaque: a transparent background would flicker against the player's.
    m_options.picture.transparent = false;
    if (!m_options.picture.size.isValid() || m_options.picture.size.isEmpty())
        m_options.picture.size = m_exporter.naturalSize(m_options.picture.part);
    m_options.picture.scale = std::clamp(m_options.picture.scale, 1, 4);
}

AnimationExport::~AnimationExport()
{
    restore();
}

QString AnimationExport::problem() const
{
    return m_sweep.problem();
}

int AnimationExport::total() const
{
    // The palette pass (unless each frame gets its own palette), the writing pass, the end.
    const bool twoPasses = m_options.gif.palette != GifWriter::Palette::PerFrame;
    return (twoPasses ? 2 : 1) * m_sweep.frames() + 1;
}

bool AnimationExport::fail(const QString &why)
{
    m_error = why;
    restore();
    return false;
}

void AnimationExport::prepare()
{
    m_prepared = true;
    // The window is laid out at the picture's size once, rather than for each frame.
    QWidget *window = m_source.window;
    if (m_options.picture.part == Exporter::Part::Window && window &&
        window->size() != m_options.picture.size) {
        m_savedWindowSize = window->size();
        if (auto *mainWindow = qobject_cast<QMainWindow *>(window))
            m_savedDocks = mainWindow->saveState();
        // Not painted on screen while it has the picture's size and the frames change it: at
        // 8192 × 8192 pixels the first repaint alone took a second without events; the Exporter
        // draws it all the same.
        window->setUpdatesEnabled(false);
        m_frozeWindow = true;
        window->resize(m_options.picture.size);
        Exporter::settle();
    }
    // Every tip of every frame in view (the output moves too); the user's own view is kept
    // when it already shows them all.
    if (CanvasWidget *canvas = m_source.canvas) {
        QRectF all;
        {
            // The handles read the model itself; the views need not follow every frame (each
            // would redraw its chart and formulas: seconds for 48 frames), and the model ends
            // where it began.
            const QSignalBlocker quiet(m_model);
            for (int k = 0; k < m_sweep.frames(); ++k) {
                m_sweep.apply(k);
                all = all.united(canvas->handles().bounds());
            }
            m_sweep.restore();
        }
        if (!canvas->view().visibleWorld().contains(all)) {
            m_savedView = canvas->view();
            canvas->setView(ViewFitter::showingAll(all, canvas->size(),
                                                   CanvasFonts::from(canvas->font()).label));
        }
    }
    const QSize pixels = m_options.picture.size * m_options.picture.scale;
    m_keep = qint64(pixels.width()) * pixels.height() * 4 * m_sweep.frames() <= kKeptBytes;
    if (m_inWorker)
        m_encoder = std::make_unique<AnimationEncoder>(pixels, m_options.gif);
    else
        m_writer = std::make_unique<GifWriter>(pixels, m_options.gif);
}

bool AnimationExport::startFrame(int index)
{
    m_picture.reset();
    if (!m_sweep.apply(index))
        return false;
    if (m_options.picture.part == Exporter::Part::Window) {
        // The step panel's formulas and the explanation follow a change within a throttle's
        // interval, frames come faster than that; and the docks lay out from posted events.
        // The canvas draws from the model directly, and the chart alone is a chart of its own
        // that the Exporter lays out.
        UpdateThrottle::flushAll();
        Exporter::settle();
    }
    m_picture = std::make_unique<PictureInBands>(m_exporter, m_options.picture);
    return !m_picture->isNull();
}

QImage AnimationExport::frame(int index)
{
    if (!startFrame(index))
        return {};
    m_picture->drawAll();
    const QImage image = m_picture->take();
    m_picture.reset();
    return image;
}

QImage AnimationExport::drawFrame(int index)
{
    if (!m_prepared)
        prepare();
    return frame(index);
}

bool AnimationExport::step()
{
    if (m_finished || !m_error.isEmpty())
        return false;
    if (!m_prepared) {
        if (const QString why = problem(); !why.isEmpty())
            return fail(why);
        prepare();
    }
    if (m_encoder)
        return stepInWorker();
    const int n = m_sweep.frames();
    const int palettePass = m_writer->needsPalettePass() ? n : 0;
    QString why;
    if (m_done < palettePass) {
        const QImage image = frame(m_done);
        if (image.isNull())
            return fail(tr("Frame %1 could not be drawn.").arg(m_done + 1));
        if (!m_writer->addToPalette(image, &why))
            return fail(why);
        if (m_keep)
            m_kept.append(image);
    } else if (m_done < palettePass + n) {
        const int k = m_done - palettePass;
        QImage image;
        if (k < m_kept.size())
            image = std::exchange(m_kept[k], QImage()); // freed as soon as it is written
        else
            image = frame(k);
        if (image.isNull())
            return fail(tr("Frame %1 could not be drawn.").arg(k + 1));
        if (!m_writer->addFrame(image, &why))
            return fail(why);
    } else {
        m_bytes = m_writer->finish(&why);
        if (m_bytes.isEmpty())
            return fail(why);
        m_finished = true;
        ++m_done;
        restore();
        return false;
    }
    ++m_done;
    return true;
}

bool AnimationExport::stepInWorker()
{
    m_waiting = false;
    if (m_encoder->failed())
        return fail(m_encoder->error());
    const int n = m_sweep.frames();
    const int palettePass = m_encoder->needsPalettePass() ? n : 0;
    if (m_done < palettePass + n) {
        // One frame with the worker and the next drawn here: never more than two held at once
        // (beyond the kept ones), each 4 bytes a pixel.
        const int k = m_done < palettePass ? m_done : m_done - palettePass;
        const bool kept = m_done >= palettePass && k < m_kept.size();
        if (!m_picture && m_encoder->queued() > 1) {
            m_waiting = true;
            return true;
        }
        QImage image;
        if (kept) {
            image = std::exchange(m_kept[k], QImage());
        } else {
            // A band of the frame per step: a frame of 8192 × 8192 pixels is drawn in 32
            // pieces, and the events come between them.
            if (!m_picture && !startFrame(k))
                return fail(tr("Frame %1 could not be drawn.").arg(k + 1));
            if (m_picture->drawBand())
                return true;
            image = m_picture->take();
            m_picture.reset();
        }
        if (image.isNull())
            return fail(tr("Frame %1 could not be drawn.").arg(k + 1));
        if (m_done < palettePass) {
            m_encoder->addToPalette(image);
            if (m_keep)
                m_kept.append(image);
        } else {
            m_encoder->addFrame(image);
        }
        ++m_done;
        return true;
    }
    if (!m_encoder->collect(&m_bytes)) {
        m_waiting = true;
        return true;
    }
    m_finished = true;
    restore();
    return false;
}

bool AnimationExport::run(const QString &path, QString *error)
{
    while (step()) {
    }
    if (!m_finished) {
        *error = tr("%1: %2").arg(path, m_error);
        return false;
    }
    return write(path, error);
}

bool AnimationExport::write(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!m_finished || !file.open(QIODevice::WriteOnly) || file.write(m_bytes) != m_bytes.size() ||
        !file.commit()) {
        *error = tr("%1: cannot write the animation: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void AnimationExport::restore()
{
    // Unfinished (cancelled, failed): the worker drops the rest of its jobs.
    if (!m_finished)
        m_encoder.reset();
    m_picture.reset();
    m_sweep.restore();
    m_kept.clear();
    if (m_savedView && m_source.canvas)
        m_source.canvas->setView(*std::exchange(m_savedView, std::nullopt));
    if (m_savedWindowSize.isValid() && m_source.window) {
        m_source.window->resize(std::exchange(m_savedWindowSize, QSize()));
        if (auto *mainWindow = qobject_cast<QMainWindow *>(m_source.window))
            mainWindow->restoreState(m_savedDocks);
        Exporter::settle();
    }
    // Painted again at its own size.
    if (std::exchange(m_frozeWindow, false) && m_source.window)
        m_source.window->setUpdatesEnabled(true);
}
