#include "lab/dimensionsweep.h"

#include "export/exporter.h"
#include "export/pictureinbands.h"
#include "lab/dimensionlabpage.h"
#include "model/dimensionlabmodel.h"

#include <QEventLoop>
#include <QPushButton>
#include <QTimer>

#include <cmath>

int DimensionSweep::dimensionAt(int frame, int frames)
{
    const double most = DimensionLabModel::kMaxDimension;
    if (frames < 2)
        return int(most);
    const double d = std::pow(most, double(frame) / (frames - 1));
    return std::clamp(int(std::lround(d)), DimensionLabModel::kMinDimension,
                      DimensionLabModel::kMaxDimension);
}

DimensionSweep::DimensionSweep(const attn::DimensionExperimentParams &params,
                               const Options &options)
    : m_options(options), m_model(std::make_unique<DimensionLabModel>())
{
    m_options.frames = std::max(m_options.frames, 1);
    attn::DimensionExperimentParams p = params;
    p.samples = kSamples;
    p.dimension = dimensionAt(0, m_options.frames);
    m_model->setParams(p);
    m_page = std::make_unique<DimensionLabPage>(m_model.get());
    m_page->exportAnimationButton()->hide(); // not a control of the picture
    // Laid out as on screen, never shown on it.
    m_page->setAttribute(Qt::WA_DontShowOnScreen);
    m_page->resize(m_options.size);
    m_page->show();
    Exporter::settle();
    // Laid out, it is drawn only by the Exporter (which renders hidden widgets too): a shown
    // window is painted whole into a buffer of its own after every frame, which nobody sees.
    m_page->hide();
    if (m_page->size() != m_options.size) {
        const QSize least = m_page->minimumSizeHint().expandedTo(m_page->minimumSize());
        m_problem = tr("The dimension lab needs at least %1 × %2 pixels; %3 × %4 is too small.")
                        .arg(least.width())
                        .arg(least.height())
                        .arg(m_options.size.width())
                        .arg(m_options.size.height());
    }
}

DimensionSweep::~DimensionSweep()
{
    m_model->cancel();
}

std::unique_ptr<PictureInBands> DimensionSweep::startFrame(int frame, QString *error)
{
    if (!m_problem.isEmpty()) {
        *error = m_problem;
        return {};
    }
    m_model->setDimension(dimensionAt(frame, m_options.frames));
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(20); // to ask about Cancel while a point computes
    QObject::connect(&tick, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(m_model.get(), &DimensionLabModel::busyChanged, &loop, &QEventLoop::quit);
    tick.start();
    while (m_model->isBusy()) {
        if (m_cancelled && m_cancelled()) {
            m_model->cancel();
            *error = tr("Cancelled.");
            return {};
        }
        loop.exec();
    }
    if (!m_model->errorText().isEmpty()) {
        *error = m_model->errorText();
        return {};
    }
    Exporter::settle();
    Exporter::Options picture;
    picture.part = Exporter::Part::Window;
    picture.size = m_options.size;
    const Exporter exporter(ExportSource{m_page.get(), nullptr, nullptr, nullptr});
    auto image = std::make_unique<PictureInBands>(exporter, picture);
    if (image->isNull()) {
        *error = tr("Frame %1 could not be drawn.").arg(frame + 1);
        return nullptr;
    }
    return image;
}

QImage DimensionSweep::drawFrame(int frame, QString *error)
{
    const std::unique_ptr<PictureInBands> picture = startFrame(frame, error);
    if (!picture)
        return {};
    picture->drawAll();
    return picture->take();
}

std::unique_ptr<ForwardAnimation> DimensionSweep::animation()
{
    return std::make_unique<ForwardAnimation>(
        m_options.frames, m_options.size, m_options.gif,
        [this](int frame, QString *error) { return startFrame(frame, error); });
}
