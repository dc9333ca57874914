#include "sequence/trainingview.h"

#include "core/sequencefile.h"
#include "core/trainingsettings.h"
#include "core/trainingtask.h"
#include "export/forwardanimationdialog.h"
#include "model/ablatednumbers.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequencefilesaver.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequenceqkcanvas.h"
#include "sequence/trainingchart.h"
#include "sequence/trainingcomparisonrun.h"
#include "sequence/trainingcurves.h"
#include "sequence/trainingstatustext.h"
#include "sequence/trainingsweep.h"
#include "sequence/weightheatmaps.h"
#include "theme/colorscheme.h"
#include "widgets/sidewaysrow.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStringList>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace {
constexpr int kRatePositions = 60; // 10^-4 … 10^2 in tenths of a decade

// The columns' shares of the width (charts, maps, planes) for one run, and for two runs' maps
// side by side.
const QList<int> kSingleShares{270, 500, 460};
const QList<int> kPairShares{240, 640, 350};

// `widget` in a frameless scroll area that gives it the area's width.
QScrollArea *scrolled(QWidget *widget, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setWidget(widget);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}
} // namespace

TrainingView::TrainingView(SequenceSession *source, QWidget *parent)
    : QWidget(parent), m_source(source), m_session(new TrainingSession(this)),
      m_view(new SequenceSession(this)), m_ablated(new AblatedNumbers(this))
{
    // Tab goes through the widgets in the order they are made: the comparison's box comes
    // between the status lines and the charts.
    makeControls();
    m_comparison = new TrainingComparisonRun(m_session, this);
    makeViews();
    layOut();
    connectControls();
    connectSessions();
    retranslate();
    takeSource();
}

void TrainingView::makeControls()
{
    m_play = new QPushButton(this);
    m_step = new QPushButton(this);
    m_reset = new QPushButton(this);
    m_optimizerLabel = new QLabel(this);
    m_optimizer = new QComboBox(this);
    m_optimizer->addItems({QString(), QString()});
    m_optimizerLabel->setBuddy(m_optimizer);
    m_rateLabel = new QLabel(this);
    m_rate = new QSlider(Qt::Horizontal, this);
    m_rate->setRange(0, kRatePositions);
    m_rate->setPageStep(5);
    m_rate->setMinimumWidth(140);
    m_rateLabel->setBuddy(m_rate);
    m_rateValue = new QLabel(this);
    m_rateValue->setMinimumWidth(QFontMetrics(font()).horizontalAdvance(QStringLiteral("0.0001")));
    m_speed = new QLabel(this);
    m_save = new QPushButton(this);
    m_export = new QPushButton(this);
    m_exportAnimation = new QPushButton(this);
    m_exportAnimation->setObjectName(QStringLiteral("exportAnimationButton"));

    m_timelineLabel = new QLabel(this);
    m_timeline = new QSlider(Qt::Horizontal, this);
    m_timeline->setRange(0, 0);
    m_timelineLabel->setBuddy(m_timeline);
    m_stepLabel = new QLabel(this);
    m_continue = new QPushButton(this);

    m_exampleLabel = new QLabel(this);
    m_example = new QSpinBox(this);
    m_example->setRange(1, 1);
    m_exampleLabel->setBuddy(m_example);
    m_headsLabel = new QLabel(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_predictions = new QLabel(this);
    m_predictions->setWordWrap(true);
    m_predictions->setTextFormat(Qt::RichText);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->hide();
}

void TrainingView::makeViews()
{
    m_curves = new TrainingCurves(this);
    m_grid = new SequenceHeatmapGrid(m_view, this);
    m_compareGrid = new SequenceHeatmapGrid(m_comparison->viewSession(), this);
    m_compareGrid->hide();
    m_qk = new SequenceQkCanvas(m_view, this);
    // Read-only: the plane shows a snapshot of the run, and an edited embedding would belong to
    // no step of it (to try one, drag it on the Inputs tab: the run starts again from there).
    m_embedding = new SequenceEmbeddingCanvas(m_view, this);
    m_embedding->setReadOnly(true);
    m_embedding->hide();
    m_weights = new WeightHeatmaps(this);
    m_weightsTitle = new QLabel(this);
}

void TrainingView::layOut()
{
    // The weights' scroll area first, the columns next: the focus chain follows the order in
    // which the widgets are made.
    QScrollArea *weights = scrolled(m_weights, this);
    // Too little height for three charts (presentation mode's large type at 1280 × 800): they
    // scroll, rather than Qt Charts eliding every label to "…".
    QScrollArea *charts = scrolled(m_curves, this);
    charts->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QWidget *maps = mapsColumn(weights);
    auto *planes = new QSplitter(Qt::Vertical, this);
    planes->addWidget(m_qk);
    planes->addWidget(m_embedding);
    planes->setChildrenCollapsible(false);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(charts);
    m_splitter->addWidget(maps);
    m_splitter->addWidget(planes);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 4);
    m_splitter->setChildrenCollapsible(false);
    // The maps' caption and the planes' caption are one line each; these shares (scaled to the
    // width) keep both whole at 1280 pixels.
    m_splitter->setSizes(kSingleShares);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controlsRow());
    layout->addLayout(timelineRow());
    layout->addLayout(statusRow());
    layout->addWidget(m_message);
    layout->addWidget(m_splitter, 1);
}

QLayout *TrainingView::controlsRow()
{
    auto *controls = new QHBoxLayout;
    controls->addWidget(m_play);
    controls->addWidget(m_step);
    controls->addWidget(m_reset);
    controls->addSpacing(12);
    controls->addWidget(m_optimizerLabel);
    controls->addWidget(m_optimizer);
    controls->addSpacing(12);
    controls->addWidget(m_rateLabel);
    controls->addWidget(m_rate, 1);
    controls->addWidget(m_rateValue);
    controls->addSpacing(12);
    controls->addWidget(m_speed);
    controls->addStretch(1);
    return controls;
}

QLayout *TrainingView::timelineRow()
{
    // Export and save sit with the timeline, whose slider gives way: on the controls' row they
    // made the window wider than 1280 pixels in presentation mode's large type.
    auto *row = new QHBoxLayout;
    row->addWidget(m_timelineLabel);
    row->addWidget(m_timeline, 1);
    row->addWidget(m_stepLabel);
    row->addWidget(m_continue);
    row->addSpacing(12);
    row->addWidget(m_export);
    row->addWidget(m_exportAnimation);
    row->addWidget(m_save);
    return row;
}

QWidget *TrainingView::mapsColumn(QWidget *weights)
{
    m_headRow = new QHBoxLayout;
    m_headRow->addWidget(m_exampleLabel);
    m_headRow->addWidget(m_example);
    m_headRow->addSpacing(12);
    m_headRow->addWidget(m_headsLabel);
    m_headSwitches = new SidewaysRow(this);
    m_headRow->addWidget(m_headSwitches, 1);

    // One run's maps, or two runs' side by side, each under a caption naming its normaliser.
    m_maps = new QGridLayout;
    m_maps->setContentsMargins(0, 0, 0, 0);
    m_maps->addWidget(m_comparison->caption(0), 0, 0);
    m_maps->addWidget(m_comparison->caption(1), 0, 1);
    m_maps->addWidget(m_grid, 1, 0);
    m_maps->addWidget(m_compareGrid, 1, 1);
    m_maps->setColumnStretch(0, 1);
    m_maps->setRowStretch(1, 1); // the second column stretches only while it shows a run

    auto *column = new QWidget(this);
    auto *layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_headRow);
    layout->addWidget(m_predictions);
    // The attention maps first: with little height (presentation mode) the weights scroll.
    layout->addLayout(m_maps, 3);
    layout->addWidget(m_weightsTitle);
    layout->addWidget(weights, 1);
    return column;
}

QLayout *TrainingView::statusRow()
{
    // The comparison beside the status, which then gives each run's numbers.
    auto *row = new QHBoxLayout;
    row->addWidget(m_comparison->boxLabel());
    row->addWidget(m_comparison->box());
    row->addSpacing(12);
    row->addWidget(m_status, 1);
    return row;
}

void TrainingView::connectControls()
{
    connect(m_play, &QPushButton::clicked, this, [this] {
        if (anyRunning()) {
            for (TrainingSession *run : runs())
                run->pause();
        } else {
            // Pressing Play on an earlier step forks the run there.
            forkAtShown();
            for (TrainingSession *run : runs())
                run->play();
        }
    });
    connect(m_step, &QPushButton::clicked, this, [this] {
        forkAtShown();
        for (TrainingSession *run : runs())
            run->stepOnce();
    });
    connect(m_reset, &QPushButton::clicked, this, [this] {
        for (TrainingSession *run : runs())
            run->reset();
    });
    connect(m_continue, &QPushButton::clicked, this, [this] {
        const int first = m_index, second = m_comparison->shownIndex();
        m_session->continueFrom(first);
        if (TrainingSession *other = m_comparison->session())
            other->continueFrom(second);
    });
    connect(m_optimizer, &QComboBox::activated, this, [this](int index) {
        for (TrainingSession *run : runs())
            run->setOptimizer(index == 0 ? attn::OptimizerKind::Adam : attn::OptimizerKind::Sgd);
    });
    connect(m_rate, &QSlider::valueChanged, this, [this](int position) {
        for (TrainingSession *run : runs())
            run->setLearningRate(rateAt(position));
        updateControls();
    });
    connect(m_timeline, &QSlider::valueChanged, this, [this](int index) {
        m_follow = index >= m_timeline->maximum();
        showSnapshot(index);
    });
    connect(m_example, &QSpinBox::valueChanged, this, [this](int value) {
        const auto &examples = m_session->document().examples;
        if (value >= 1 && value <= int(examples.size()))
            for (SequenceSession *view : {m_view, m_comparison->viewSession()})
                view->setTokens(examples[std::size_t(value) - 1].tokens);
        showSnapshot(m_index);
    });
    connect(m_save, &QPushButton::clicked, this, &TrainingView::saveDialog);
    connect(m_export, &QPushButton::clicked, this, &TrainingView::exportChartDialog);
    connect(m_exportAnimation, &QPushButton::clicked, this, &TrainingView::exportAnimationDialog);
    connect(m_grid, &SequenceHeatmapGrid::focusChanged, m_qk,
            [this](int layer, int) { m_qk->setLayer(layer); });
    // The same head in focus on both sides.
    connect(m_grid, &SequenceHeatmapGrid::focusChanged, m_compareGrid,
            &SequenceHeatmapGrid::setFocusedHead);
    connect(m_compareGrid, &SequenceHeatmapGrid::focusChanged, m_grid,
            &SequenceHeatmapGrid::setFocusedHead);
}

void TrainingView::connectSessions()
{
    connect(m_session, &TrainingSession::restarted, this, &TrainingView::onRestarted);
    connect(m_session, &TrainingSession::progressed, this, &TrainingView::onProgressed);
    connect(m_session, &TrainingSession::runningChanged, this, [this] {
        if (m_session->isRunning())
            showMessage(QString());
        updateControls();
    });
    connect(m_session, &TrainingSession::stopped, this, &TrainingView::showMessage);
    connect(m_source, &SequenceSession::changed, this, &TrainingView::takeSource);
    connect(m_comparison, &TrainingComparisonRun::chosen, this, &TrainingView::setComparison);
    connect(m_comparison, &TrainingComparisonRun::restarted, this,
            &TrainingView::onCompareRestarted);
    connect(m_comparison, &TrainingComparisonRun::progressed, this, &TrainingView::onProgressed);
    connect(m_comparison, &TrainingComparisonRun::runningChanged, this, [this] {
        if (m_comparison->session()->isRunning())
            showMessage(QString());
        updateControls();
    });
    connect(m_comparison, &TrainingComparisonRun::stopped, this, &TrainingView::showMessage);
    connect(m_comparison, &TrainingComparisonRun::captionShown, this,
            [this](int run, const QString &text) {
                // The first run's maps say the step and the induction scores (describeViews()).
                if (run == 1)
                    m_compareGrid->setAccessibleDescription(text);
            });
    connect(m_ablated, &AblatedNumbers::ready, this, [this] { showSnapshot(m_index); });
}

TrainingView::~TrainingView()
{
    // The maps read the view sessions until they are gone.
    delete m_grid;
    delete m_compareGrid;
    delete m_qk;
    delete m_embedding;
}

double TrainingView::rateAt(int position)
{
    return std::pow(10.0, -4.0 + position / 10.0);
}

int TrainingView::positionOf(double rate)
{
    return std::clamp(int(std::lround((std::log10(rate) + 4.0) * 10.0)), 0, kRatePositions);
}

QCheckBox *TrainingView::headBox(int layer, int head) const
{
    if (layer < 0 || layer >= m_heads.size() || head < 0 || head >= m_heads[layer].size())
        return nullptr;
    return m_heads[layer][head];
}

void TrainingView::takeSource()
{
    // The window's session changes on every edit of the sentence too; only a new model or new
    // examples start the run again. (Comparing the written documents cost a second for the
    // largest file, on every keystroke.)
    if (m_sourceRevision && *m_sourceRevision == m_source->documentRevision())
        return;
    m_sourceRevision = m_source->documentRevision();
    // A file opened through a worker comes with its starting snapshot measured there.
    m_session->setDocument(m_source->document(), m_source->preparedTrainingStart());
    if (!m_comparison->followFirst())
        setComparison(std::nullopt); // the same normaliser twice would be the same run
}

QList<TrainingSession *> TrainingView::runs() const
{
    QList<TrainingSession *> all{m_session};
    if (TrainingSession *second = m_comparison->session())
        all << second;
    return all;
}

bool TrainingView::anyRunning() const
{
    const TrainingSession *second = m_comparison->session();
    return m_session->isRunning() || (second && second->isRunning());
}

void TrainingView::forkAtShown()
{
    // Both indices are read before either fork: a fork shows the newest snapshots again.
    const int first = m_index, second = m_comparison->shownIndex();
    if (first + 1 < int(m_session->snapshots().size()))
        m_session->continueFrom(first);
    TrainingSession *other = m_comparison->session();
    if (other && second + 1 < int(other->snapshots().size()))
        other->continueFrom(second);
}

void TrainingView::setComparison(std::optional<attn::Normaliser> normaliser)
{
    m_comparison->setNormaliser(normaliser);
    const bool comparing = m_comparison->session() != nullptr;
    if (comparing != m_compareGrid->isVisibleTo(this)) {
        // Room for two maps side by side, taken from the planes; given back when one run is left.
        const QList<int> &shares = comparing ? kPairShares : kSingleShares;
        const QList<int> now = m_splitter->sizes();
        const double total = std::accumulate(now.begin(), now.end(), 0);
        const double unit = total / std::accumulate(shares.begin(), shares.end(), 0);
        QList<int> sizes;
        for (int share : shares)
            sizes << int(share * unit);
        m_splitter->setSizes(sizes);
    }
    m_compareGrid->setVisible(comparing);
    // An empty column that stretched would keep half the width from the single run's maps.
    m_maps->setColumnStretch(1, comparing ? 1 : 0);
    m_comparison->caption(0)->setVisible(comparing);
    m_comparison->caption(1)->setVisible(comparing);
    retranslate();
    onProgressed();
}

void TrainingView::loadShown(SequenceSession *view, const TrainingSession *session)
{
    const attn::SequenceDocument &document = session->document();
    // The view session holds the chosen example only: the maps need its tokens, not the rest.
    // Handed over as it is: written out and parsed again, the largest model took seconds.
    const int examples = std::max(1, int(document.examples.size()));
    attn::SequenceDocument shown;
    shown.model = document.model;
    shown.training = document.training;
    shown.trainingSettings = document.trainingSettings;
    const int chosen = std::min(m_example->value(), examples);
    if (!document.examples.empty())
        shown.examples.push_back(document.examples[std::size_t(chosen) - 1]);
    view->openDocument(std::move(shown));
}

void TrainingView::onCompareRestarted()
{
    loadShown(m_comparison->viewSession(), m_comparison->session());
    m_ablated->clear(); // a run started again counts its steps from 0 again
    m_comparison->restartCaption(1);
    onProgressed();
}

void TrainingView::onRestarted()
{
    const attn::SequenceDocument &document = m_session->document();
    const int examples = std::max(1, int(document.examples.size()));
    const int chosen = std::min(m_example->value(), examples);
    loadShown(m_view, m_session);
    m_ablated->clear(); // a run started again counts its steps from 0 again
    m_comparison->restartCaption(0);
    {
        const QSignalBlocker block(m_example);
        m_example->setRange(1, examples);
        m_example->setValue(chosen);
    }
    rebuildHeadBoxes();
    // Components 1 and 2 are the whole embedding only when D = 2.
    m_embedding->setVisible(document.model.dModel == 2);
    m_follow = true;
    {
        const QSignalBlocker block(m_rate);
        m_rate->setValue(positionOf(m_session->settings().learningRate));
    }
    m_optimizer->setCurrentIndex(m_session->settings().optimizer == attn::OptimizerKind::Adam ? 0
                                                                                              : 1);
    showMessage(m_session->canTrain()
                    ? QString()
                    : tr("No example of this model has a target: there is nothing to learn. "
                         "Open a training task, or a file whose examples give targets."));
    onProgressed();
}

void TrainingView::rebuildHeadBoxes()
{
    const attn::SequenceModel &model = m_session->document().model;
    bool same = m_heads.size() == model.layerCount();
    for (int l = 0; same && l < model.layerCount(); ++l)
        same = m_heads[l].size() == model.headCount(l);
    if (same)
        return;
    for (const auto &row : std::as_const(m_heads))
        qDeleteAll(row);
    m_heads.clear();
    m_off.assign(std::size_t(model.layerCount()), {});
    for (int l = 0; l < model.layerCount(); ++l) {
        m_off[std::size_t(l)].assign(std::size_t(model.headCount(l)), false);
        QList<QCheckBox *> row;
        for (int h = 0; h < model.headCount(l); ++h) {
            auto *box = new QCheckBox;
            box->setChecked(true);
            connect(box, &QCheckBox::toggled, this, [this, l, h](bool on) {
                m_off[std::size_t(l)][std::size_t(h)] = !on;
                showSnapshot(m_index);
            });
            m_headSwitches->append(box);
            row << box;
        }
        m_heads << row;
    }
    retranslate();
}

void TrainingView::onProgressed()
{
    const int count = int(m_session->snapshots().size());
    {
        const QSignalBlocker block(m_timeline);
        m_timeline->setRange(0, std::max(0, count - 1));
    }
    updateCharts();
    showSnapshot(m_follow ? count - 1 : std::min(m_index, count - 1));
    updateControls();
}

void TrainingView::updateCharts()
{
    const QList<TrainingSession *> all = runs();
    if (m_curves->makeLines(all))
        retranslate();
    m_curves->draw(all);
}

void TrainingView::updateControls()
{
    const bool running = anyRunning();
    const bool can = m_session->canTrain();
    m_play->setText(running ? tr("&Pause") : tr("&Play"));
    m_play->setToolTip(running ? tr("Stop after the current step")
                               : tr("Train: one gradient descent step after another, over all "
                                    "examples at once"));
    m_play->setEnabled(can);
    m_step->setEnabled(can && !running);
    m_rateValue->setText(QLocale().toString(m_session->settings().learningRate, 'g', 2));
    const auto speed = [](const TrainingSession *run) {
        return QLocale().toString(run->stepsPerSecond(), 'f', 0);
    };
    const TrainingSession *second = m_comparison->session();
    if (!running || m_session->stepsPerSecond() <= 0)
        m_speed->clear();
    else if (second && second->stepsPerSecond() > 0)
        m_speed->setText(tr("%1 and %2 steps/s").arg(speed(m_session), speed(second)));
    else
        m_speed->setText(tr("%1 steps/s").arg(speed(m_session)));
    m_continue->setEnabled(
        m_index + 1 < int(m_session->snapshots().size()) ||
        (second && m_comparison->shownIndex() + 1 < int(second->snapshots().size())));
}

attn::SequenceModel TrainingView::shownModel(const TrainingSnapshot &snapshot) const
{
    return attn::anyHeadOff(snapshot.model, m_off) ? attn::ablateHeads(snapshot.model, m_off)
                                                   : snapshot.model;
}

void TrainingView::showSnapshot(int index)
{
    const auto &snapshots = m_session->snapshots();
    if (snapshots.empty())
        return;
    m_index = std::clamp(index, 0, int(snapshots.size()) - 1);
    const TrainingSnapshot &s = snapshots[std::size_t(m_index)];
    {
        const QSignalBlocker block(m_timeline);
        m_timeline->setValue(m_index);
    }
    const attn::SequenceModel model = shownModel(s);
    m_view->setModel(model);
    m_weights->setModel(model);
    QString status = TrainingStatusText::status(m_session, s, model, m_off, m_ablated);
    QString predictions = TrainingStatusText::predictions(
        m_view, model, m_session->document().examples, m_example->value() - 1);

    if (const TrainingSnapshot *c = m_comparison->pickShown(s.step, m_follow)) {
        const TrainingSession *secondRun = m_comparison->session();
        SequenceSession *secondView = m_comparison->viewSession();
        const attn::SequenceModel compared = shownModel(*c);
        secondView->setModel(compared);
        const QString first = TrainingComparisonRun::runName(m_session),
                      second = TrainingComparisonRun::runName(secondRun);
        status = tr("%1 — %2").arg(first, status) + QLatin1Char('\n') +
                 tr("%1 — %2").arg(
                     second, TrainingStatusText::status(secondRun, *c, compared, m_off, m_ablated));
        const QString other = TrainingStatusText::predictions(
            secondView, compared, m_session->document().examples, m_example->value() - 1);
        if (!predictions.isEmpty() && !other.isEmpty())
            predictions = tr("%1 — %2").arg(first, predictions) + QStringLiteral("<br>") +
                          tr("%1 — %2").arg(second, other);
        m_comparison->requestCaption(0, s, model, m_off);
        m_comparison->requestCaption(1, *c, compared, m_off);
    }
    m_status->setText(status);
    m_predictions->setText(predictions);
    m_stepLabel->setText(tr("step %1 of %2").arg(s.step).arg(m_session->step()));
    m_curves->setMarker(s.step);
    describeViews(s);
    updateControls();
}

void TrainingView::describeViews(const TrainingSnapshot &s)
{
    // The pictures' own accessible names say what they are; these say what they show now.
    const attn::SequenceModel &model = s.model;
    QStringList scores;
    for (int l = 0; l < model.layerCount(); ++l)
        for (int h = 0; h < model.headCount(l); ++h)
            if (auto score = s.induction.score(l, h))
                scores << TrainingStatusText::headScore(model.layerCount(), l, h,
                                                        TrainingStatusText::number(score));
    const QString where = tr("Step %1, example %2").arg(s.step).arg(m_example->value());
    m_grid->setAccessibleDescription(
        scores.isEmpty()
            ? where
            : tr("%1; induction score %2").arg(where, scores.join(QStringLiteral(", "))));
    m_qk->setAccessibleDescription(where);
    m_embedding->setAccessibleDescription(
        tr("%1; read-only here: the embeddings move as training changes them").arg(where));
}

void TrainingView::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setStyleSheet(QStringLiteral("color: %1").arg(ColorScheme::error().name()));
    m_message->setVisible(!text.isEmpty());
}

bool TrainingView::exportLossChart(const QString &path) const
{
    return m_curves->loss()->exportTo(path, QSize(800, 500));
}

bool TrainingView::saveTrainedModel(const QString &path)
{
    // The worker writes its own copy of the step's model.
    const SequenceFileSaver::Result saved =
        SequenceFileSaver::save(this, path, [document = m_session->trainedDocument(m_index)] {
            return QByteArray::fromStdString(attn::writeSequence(document));
        });
    switch (saved.outcome) {
    case SequenceFileSaver::Outcome::Written:
        return true;
    case SequenceFileSaver::Outcome::Cancelled:
        showMessage(tr("Saving %1 was cancelled; the file was not changed.")
                        .arg(QFileInfo(path).fileName()));
        return false;
    case SequenceFileSaver::Outcome::Failed:
        break;
    }
    showMessage(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), saved.reason));
    return false;
}

void TrainingView::exportChartDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the loss chart"), tr("loss.png"),
        tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"));
    if (!path.isEmpty() && !exportLossChart(path))
        showMessage(tr("Cannot write %1.").arg(QDir::toNativeSeparators(path)));
}

void TrainingView::setLeastStep(int step)
{
    m_curves->setLeastStep(step);
}

void TrainingView::exportAnimationDialog()
{
    // Made again from step 0 rather than replayed from the timeline, which thins out after
    // step 200 (see TrainingSweep): the same document gives the same GIF as --animate training.
    // The starting parameters with the settings now in force (learning rate, optimizer).
    const attn::SequenceDocument document = m_session->trainedDocument(0);
    const int steps = m_session->step() > 0 ? m_session->step() : m_session->settings().steps;
    auto *stepsBox = new QSpinBox;
    stepsBox->setObjectName(QStringLiteral("stepsSpin"));
    stepsBox->setRange(1, attn::kMaxTrainingSteps);
    stepsBox->setValue(std::max(steps, 1));
    stepsBox->setToolTip(tr("The last frame's step; the frames are evenly spaced from step 0"));
    const auto factory = [document, stepsBox](const ForwardAnimationDialog::Settings &settings,
                                              const std::function<bool()> &cancelled,
                                              QString *why) -> std::unique_ptr<ForwardAnimation> {
        TrainingSweep::Options o;
        o.steps = stepsBox->value();
        o.frames = settings.frames;
        o.size = settings.size;
        o.gif = settings.gif;
        return ForwardAnimation::ofSweep(std::make_shared<TrainingSweep>(document, o), o.frames,
                                         o.size, o.gif, cancelled, why);
    };
    ForwardAnimationDialog dialog(
        tr("Export Training Animation"),
        tr("Trains the model again from step 0 with the same seed, examples and settings (the "
           "learning rate and optimizer now chosen), out of sight, and draws this view at evenly "
           "spaced steps up to the last. The run on screen stays as it is. Each frame waits for "
           "its steps: a long run takes as long as training it."),
        QStringLiteral("trainingAnimation"), tr("training.gif"), size(), minimumSizeHint(), factory,
        this);
    dialog.insertRow(tr("Training steps:"), stepsBox);
    dialog.exec();
}

void TrainingView::saveDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save trained model"), tr("trained.json"), tr("Sequence files (*.json)"));
    if (!path.isEmpty())
        saveTrainedModel(path);
}

void TrainingView::retranslate()
{
    m_step->setText(tr("S&tep"));
    m_step->setToolTip(tr("Make one gradient descent step"));
    m_reset->setText(tr("&Reset"));
    m_reset->setToolTip(tr("Back to the starting parameters; the record is cleared"));
    m_optimizerLabel->setText(tr("&Optimizer:"));
    m_optimizer->setItemText(0, tr("Adam"));
    m_optimizer->setItemText(1, tr("SGD (plain gradient descent)"));
    m_optimizer->setToolTip(tr("A change applies from the next step; switching the optimizer "
                               "starts Adam's running averages again from zero"));
    m_rateLabel->setText(tr("&Learning rate:"));
    m_rate->setToolTip(tr("From 0.0001 to 100, a factor of 10 every tenth of the slider; a "
                          "change keeps Adam's running averages and step count"));
    m_save->setText(tr("Save trained model…"));
    m_save->setToolTip(tr("Write the parameters of the step shown as a sequence file"));
    m_export->setText(tr("Export loss chart…"));
    m_exportAnimation->setText(tr("Export animation…"));
    m_exportAnimation->setToolTip(tr("An animated GIF of this run: trained again from step 0 "
                                     "with the same seed and settings, drawn at evenly spaced "
                                     "steps"));
    m_timelineLabel->setText(tr("T&imeline:"));
    m_timeline->setToolTip(tr("Drag back to see the maps and vectors as they were at an earlier "
                              "step (every step up to 200 is kept, then fewer as the run grows)"));
    m_continue->setText(tr("&Continue from here"));
    m_continue->setToolTip(tr("Drop the later steps and train on from the step shown, with "
                              "Adam's running averages as they were at that step"));
    m_exampleLabel->setText(tr("E&xample:"));
    m_headsLabel->setText(tr("Heads on:"));
    m_weightsTitle->setText(
        m_comparison->session()
            ? tr("Weight matrices of the %1 run (blue negative, vermilion positive)")
                  .arg(TrainingComparisonRun::runName(m_session))
            : tr("Weight matrices (blue negative, vermilion positive)"));
    m_comparison->retranslate();
    const attn::SequenceModel &model = m_session->document().model;
    for (int l = 0; l < m_heads.size(); ++l)
        for (int h = 0; h < m_heads[l].size(); ++h) {
            m_heads[l][h]->setText(model.layerCount() > 1
                                       ? tr("layer %1 head %2").arg(l + 1).arg(h + 1)
                                       : tr("head %1").arg(h + 1));
            m_heads[l][h]->setToolTip(tr("Untick to switch this head off: its output is zeroed "
                                         "(its columns of W_O set to 0), and the loss and "
                                         "predictions show what the model does without it"));
        }

    m_curves->retranslate(runs());
    updateControls();
}

void TrainingView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        showSnapshot(m_index);
    }
    QWidget::changeEvent(event);
}
