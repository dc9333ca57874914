#include "sequence/trainingsweep.h"

#include "core/sequencedocument.h"
#include "export/exporter.h"
#include "export/pictureinbands.h"
#include "model/commandline.h"
#include "model/scenestorage.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/trainingview.h"
#include "widgets/updatethrottle.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

#include <cmath>

int TrainingSweep::stepAt(int frame, int frames, int steps)
{
    if (frames < 2)
        return steps;
    return int(std::lround(double(frame) * steps / (frames - 1)));
}

QString TrainingSweep::problem(const attn::SequenceDocument &document, bool needsTrainingBlock)
{
    if (needsTrainingBlock && !document.training)
        return tr("the file has no \"training\" block, so nothing says how to train it: add one "
                  "(\"training\": {} takes every default; see docs/sequence-format.md) or make "
                  "a task with New Training Task.");
    for (const auto &example : document.examples)
        for (int target : example.targets)
            if (target >= 0)
                return {};
    return tr("no example has a target, so there is nothing to learn.");
}

TrainingSweep::TrainingSweep(const attn::SequenceDocument &document, const Options &options)
    : m_options(options), m_source(std::make_unique<SequenceSession>())
{
    m_options.frames = std::max(m_options.frames, 1);
    m_options.steps = std::max(m_options.steps, 0);
    m_options.scale = std::clamp(m_options.scale, 1, 4);
    m_problem = problem(document, false);
    if (!m_problem.isEmpty())
        return;
    if (!m_source->openDocument(document)) {
        m_problem = m_source->message();
        return;
    }
    m_view = std::make_unique<TrainingView>(m_source.get());
    m_view->setLeastStep(m_options.steps);
    QObject::connect(m_view->session(), &TrainingSession::progressed, m_view.get(),
                     [this] { ++m_batches; });
    // Laid out as on screen, never shown on it.
    m_view->setAttribute(Qt::WA_DontShowOnScreen);
    m_view->resize(m_options.size);
    m_view->show();
    Exporter::settle();
    // Laid out, it is drawn only by the Exporter (which renders hidden widgets too): a shown
    // window is painted whole into a buffer of its own after every step, which nobody sees (a
    // third of a second at 8192 × 8192 pixels).
    m_view->hide();
    if (m_view->size() != m_options.size) {
        const QSize least = m_view->minimumSizeHint().expandedTo(m_view->minimumSize());
        m_problem = tr("The Training view needs at least %1 × %2 pixels; %3 × %4 is too small.")
                        .arg(least.width())
                        .arg(least.height())
                        .arg(m_options.size.width())
                        .arg(m_options.size.height());
    }
}

TrainingSweep::~TrainingSweep() = default;

bool TrainingSweep::waitFor(int step)
{
    TrainingSession *session = m_view->session();
    // The worker hands over one batch per request, in order: the last one asked for is the
    // frame's. A run that diverges stops short of `step` with its message.
    QEventLoop loop;
    QTimer tick;
    tick.setInterval(20); // to ask about Cancel while a long stretch of steps trains
    QObject::connect(&tick, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(session, &TrainingSession::progressed, &loop, &QEventLoop::quit);
    tick.start();
    while (m_batches < m_expected || (session->step() < step && session->message().isEmpty())) {
        if (m_cancelled && m_cancelled())
            return false;
        loop.exec();
    }
    return session->step() >= step;
}

std::unique_ptr<PictureInBands> TrainingSweep::startFrame(int frame, QString *error)
{
    if (!m_problem.isEmpty() || !m_view) {
        *error = m_problem;
        return {};
    }
    TrainingSession *session = m_view->session();
    const int step = stepAt(frame, m_options.frames, m_options.steps);
    session->runTo(step);
    ++m_expected;
    if (!waitFor(step)) {
        if (m_cancelled && m_cancelled()) {
            session->reset(); // the worker stops within a step
            *error = tr("Cancelled.");
        } else {
            *error = session->message().isEmpty()
                         ? tr("Training stopped at step %1 of %2.").arg(session->step()).arg(step)
                         : session->message();
        }
        return {};
    }
    UpdateThrottle::flushAll();
    Exporter::settle();
    Exporter::Options picture;
    picture.part = Exporter::Part::Window;
    picture.size = m_options.size;
    picture.scale = m_options.scale;
    const Exporter exporter(ExportSource{m_view.get(), nullptr, nullptr, m_view->viewSession()});
    auto image = std::make_unique<PictureInBands>(exporter, picture);
    if (image->isNull()) {
        *error = tr("Frame %1 could not be drawn.").arg(frame + 1);
        return nullptr;
    }
    return image;
}

QImage TrainingSweep::drawFrame(int frame, QString *error)
{
    const std::unique_ptr<PictureInBands> picture = startFrame(frame, error);
    if (!picture)
        return {};
    picture->drawAll();
    return picture->take();
}

std::unique_ptr<ForwardAnimation> TrainingSweep::animation()
{
    return std::make_unique<ForwardAnimation>(
        m_options.frames, m_options.size * m_options.scale, m_options.gif,
        [this](int frame, QString *error) { return startFrame(frame, error); });
}

int TrainingSweep::runCommand(const CommandLineOptions &options, QString *error)
{
    const QString file = options.scenePath;
    if (file.isEmpty()) {
        *error = tr("--animate training needs a sequence file with a training block: use --scene "
                    "FILE.");
        return CommandLine::kUsageError;
    }
    if (options.exportPart != QLatin1String("window") || options.caption) {
        *error = tr("%1: --animate training draws the whole Training view; --part canvas, --part "
                    "chart and --caption apply to scenes.")
                     .arg(file);
        return CommandLine::kUsageError;
    }
    if (options.method) {
        *error = tr("%1: --method applies to scenes, not to sequence files.").arg(file);
        return CommandLine::kInputError;
    }
    if (QFileInfo(file).isFile() &&
        SceneStorage::kindOf(file) != SceneStorage::FileKind::Sequence) {
        *error = tr("%1 is not a sequence file: --animate training trains a sequence file's model "
                    "with its training block.")
                     .arg(file);
        return CommandLine::kInputError;
    }
    QString why;
    std::optional<attn::SequenceDocument> document = SceneStorage::loadSequence(file, &why);
    if (!document) {
        *error = tr("%1: %2").arg(file, why);
        return CommandLine::kInputError;
    }
    if (options.temperature)
        document->model.temperature = *options.temperature;
    if (options.normaliser)
        document->model.normaliser = *options.normaliser;
    if (const QString problem = TrainingSweep::problem(*document, true); !problem.isEmpty()) {
        *error = tr("%1: %2").arg(file, problem);
        return CommandLine::kInputError;
    }
    Options o;
    o.steps = options.trainSteps.value_or(document->trainingSettings.steps);
    o.frames = options.animationFrames;
    o.size = options.exportSize.isValid() ? options.exportSize : Exporter::kDefaultWindowSize;
    o.scale = options.exportScale;
    o.gif.fps = options.animationFps;
    o.gif.loop = options.animationLoop;
    TrainingSweep sweep(*document, o);
    if (!sweep.problem().isEmpty()) {
        *error = tr("%1: %2").arg(file, sweep.problem());
        return CommandLine::kUsageError;
    }
    if (!sweep.animation()->run(options.exportPath, error))
        return CommandLine::kInputError;
    return 0;
}
