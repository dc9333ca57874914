#include "sequence/trainingview.h"

#include "core/sequencefile.h"
#include "model/scenestorage.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequenceqkcanvas.h"
#include "sequence/trainingchart.h"
#include "sequence/weightheatmaps.h"
#include "theme/colorscheme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
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

namespace {
constexpr int kRatePositions = 60; // 10^-4 … 10^2 in tenths of a decade

// Three significant digits: a loss near the end of a run is 0.00012, not 0.000.
QString number(std::optional<double> x)
{
    return x ? QLocale().toString(*x, 'g', 3) : QStringLiteral("–");
}

QString percent(std::optional<double> x)
{
    return x ? QLocale().toString(*x * 100, 'f', 1) + QLatin1Char('%') : QStringLiteral("–");
}

// The colour of line `index` of `count` (each head's induction score).
QColor lineColour(int index, int count)
{
    return ColorScheme::keyColor(index, count);
}
} // namespace

TrainingView::TrainingView(SequenceSession *source, QWidget *parent)
    : QWidget(parent), m_source(source), m_session(new TrainingSession(this)),
      m_view(new SequenceSession(this))
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

    m_loss = new TrainingChart(this);
    m_accuracy = new TrainingChart(this);
    m_accuracy->setFixedRange(0, 100);
    m_induction = new TrainingChart(this);
    m_induction->setFixedRange(0, 1);
    m_grid = new SequenceHeatmapGrid(m_view, this);
    m_qk = new SequenceQkCanvas(m_view, this);
    // Read-only: the plane shows a snapshot of the run, and an edited embedding would belong to
    // no step of it (to try one, drag it on the Inputs tab: the run starts again from there).
    m_embedding = new SequenceEmbeddingCanvas(m_view, this);
    m_embedding->setReadOnly(true);
    m_embedding->hide();
    m_weights = new WeightHeatmaps(this);
    m_weightsTitle = new QLabel(this);
    auto *weightScroll = new QScrollArea(this);
    weightScroll->setWidget(m_weights);
    weightScroll->setWidgetResizable(true);
    weightScroll->setFrameShape(QFrame::NoFrame);

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

    // Export and save sit with the timeline, whose slider gives way: on the controls' row they
    // made the window wider than 1280 pixels in presentation mode's large type.
    auto *timelineRow = new QHBoxLayout;
    timelineRow->addWidget(m_timelineLabel);
    timelineRow->addWidget(m_timeline, 1);
    timelineRow->addWidget(m_stepLabel);
    timelineRow->addWidget(m_continue);
    timelineRow->addSpacing(12);
    timelineRow->addWidget(m_export);
    timelineRow->addWidget(m_save);

    m_headRow = new QHBoxLayout;
    m_headRow->addWidget(m_exampleLabel);
    m_headRow->addWidget(m_example);
    m_headRow->addSpacing(12);
    m_headRow->addWidget(m_headsLabel);
    m_headRow->addStretch(1);

    auto *charts = new QSplitter(Qt::Vertical, this);
    charts->addWidget(m_loss);
    charts->addWidget(m_accuracy);
    charts->addWidget(m_induction);
    charts->setChildrenCollapsible(false);
    // Too little height for three charts (presentation mode's large type at 1280 × 800): they
    // scroll, rather than Qt Charts eliding every label to "…".
    auto *chartScroll = new QScrollArea(this);
    chartScroll->setWidget(charts);
    chartScroll->setWidgetResizable(true);
    chartScroll->setFrameShape(QFrame::NoFrame);
    chartScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto *middle = new QWidget(this);
    auto *middleLayout = new QVBoxLayout(middle);
    middleLayout->setContentsMargins(0, 0, 0, 0);
    middleLayout->addLayout(m_headRow);
    middleLayout->addWidget(m_predictions);
    // The attention maps first: with little height (presentation mode) the weights scroll.
    middleLayout->addWidget(m_grid, 3);
    middleLayout->addWidget(m_weightsTitle);
    middleLayout->addWidget(weightScroll, 1);

    auto *planes = new QSplitter(Qt::Vertical, this);
    planes->addWidget(m_qk);
    planes->addWidget(m_embedding);
    planes->setChildrenCollapsible(false);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(chartScroll);
    splitter->addWidget(middle);
    splitter->addWidget(planes);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 4);
    splitter->setChildrenCollapsible(false);
    // The maps' caption and the planes' caption are one line each; these shares (scaled to the
    // width) keep both whole at 1280 pixels.
    splitter->setSizes({270, 500, 460});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addLayout(timelineRow);
    layout->addWidget(m_status);
    layout->addWidget(m_message);
    layout->addWidget(splitter, 1);

    connect(m_play, &QPushButton::clicked, this, [this] {
        if (m_session->isRunning()) {
            m_session->pause();
        } else {
            // Pressing Play on an earlier step forks the run there.
            if (m_index + 1 < int(m_session->snapshots().size()))
                m_session->continueFrom(m_index);
            m_session->play();
        }
    });
    connect(m_step, &QPushButton::clicked, this, [this] {
        if (m_index + 1 < int(m_session->snapshots().size()))
            m_session->continueFrom(m_index);
        m_session->stepOnce();
    });
    connect(m_reset, &QPushButton::clicked, m_session, &TrainingSession::reset);
    connect(m_continue, &QPushButton::clicked, this, [this] { m_session->continueFrom(m_index); });
    connect(m_optimizer, &QComboBox::activated, this, [this](int index) {
        m_session->setOptimizer(index == 0 ? attn::OptimizerKind::Adam : attn::OptimizerKind::Sgd);
    });
    connect(m_rate, &QSlider::valueChanged, this, [this](int position) {
        m_session->setLearningRate(rateAt(position));
        updateControls();
    });
    connect(m_timeline, &QSlider::valueChanged, this, [this](int index) {
        m_follow = index >= m_timeline->maximum();
        showSnapshot(index);
    });
    connect(m_example, &QSpinBox::valueChanged, this, [this](int value) {
        const auto &examples = m_session->document().examples;
        if (value >= 1 && value <= int(examples.size()))
            m_view->setTokens(examples[std::size_t(value) - 1].tokens);
        showSnapshot(m_index);
    });
    connect(m_save, &QPushButton::clicked, this, &TrainingView::saveDialog);
    connect(m_export, &QPushButton::clicked, this, &TrainingView::exportChartDialog);
    connect(m_grid, &SequenceHeatmapGrid::focusChanged, m_qk,
            [this](int layer, int) { m_qk->setLayer(layer); });

    connect(m_session, &TrainingSession::restarted, this, &TrainingView::onRestarted);
    connect(m_session, &TrainingSession::progressed, this, &TrainingView::onProgressed);
    connect(m_session, &TrainingSession::runningChanged, this, [this] {
        if (m_session->isRunning())
            showMessage(QString());
        updateControls();
    });
    connect(m_session, &TrainingSession::stopped, this, &TrainingView::showMessage);
    connect(m_source, &SequenceSession::changed, this, &TrainingView::takeSource);

    retranslate();
    takeSource();
}

TrainingView::~TrainingView()
{
    // The maps read the view session until they are gone.
    delete m_grid;
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
    // examples start the run again.
    std::string text = attn::writeSequence(m_source->document());
    if (text == m_sourceText)
        return;
    m_sourceText = std::move(text);
    m_session->setDocument(m_source->document());
}

void TrainingView::onRestarted()
{
    const attn::SequenceDocument &document = m_session->document();
    // The view session holds the chosen example only: the maps need its tokens, not the rest.
    const int examples = std::max(1, int(document.examples.size()));
    attn::SequenceDocument shown = document;
    shown.heldOut.clear();
    const int chosen = std::min(m_example->value(), examples);
    shown.examples.clear();
    if (!document.examples.empty())
        shown.examples.push_back(document.examples[std::size_t(chosen) - 1]);
    m_view->loadText(QByteArray::fromStdString(attn::writeSequence(shown)));
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
    int at = m_headRow->indexOf(m_headsLabel) + 1;
    for (int l = 0; l < model.layerCount(); ++l) {
        m_off[std::size_t(l)].assign(std::size_t(model.headCount(l)), false);
        QList<QCheckBox *> row;
        for (int h = 0; h < model.headCount(l); ++h) {
            auto *box = new QCheckBox(this);
            box->setChecked(true);
            connect(box, &QCheckBox::toggled, this, [this, l, h](bool on) {
                m_off[std::size_t(l)][std::size_t(h)] = !on;
                showSnapshot(m_index);
            });
            m_headRow->insertWidget(at++, box);
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
    const auto &points = m_session->points();
    const auto &snapshots = m_session->snapshots();
    const bool held = !m_session->document().heldOut.empty();
    QList<QPointF> loss, accuracy, heldLoss, heldAccuracy;
    for (const TrainingPoint &p : points) {
        if (p.loss)
            loss << QPointF(p.step, *p.loss);
        if (p.accuracy)
            accuracy << QPointF(p.step, *p.accuracy * 100);
    }
    for (const TrainingSnapshot &s : snapshots) {
        if (s.heldOutLoss)
            heldLoss << QPointF(s.step, *s.heldOutLoss);
        if (s.heldOutAccuracy)
            heldAccuracy << QPointF(s.step, *s.heldOutAccuracy * 100);
    }
    const int lines = held ? 2 : 1;
    if (m_loss->lineCount() != lines) {
        m_loss->setLineCount(lines);
        m_accuracy->setLineCount(lines);
        retranslate();
    }
    m_loss->setPoints(0, loss);
    m_accuracy->setPoints(0, accuracy);
    if (held) {
        m_loss->setPoints(1, heldLoss);
        m_accuracy->setPoints(1, heldAccuracy);
    }

    const attn::SequenceModel &model = m_session->document().model;
    int heads = 0;
    for (int l = 0; l < model.layerCount(); ++l)
        heads += model.headCount(l);
    if (m_induction->lineCount() != heads) {
        m_induction->setLineCount(heads);
        retranslate();
    }
    int line = 0;
    for (int l = 0; l < model.layerCount(); ++l)
        for (int h = 0; h < model.headCount(l); ++h, ++line) {
            QList<QPointF> scores;
            for (const TrainingSnapshot &s : snapshots)
                if (auto score = s.induction.score(l, h))
                    scores << QPointF(s.step, *score);
            m_induction->setPoints(line, scores);
        }
}

void TrainingView::updateControls()
{
    const bool running = m_session->isRunning();
    const bool can = m_session->canTrain();
    m_play->setText(running ? tr("&Pause") : tr("&Play"));
    m_play->setToolTip(running ? tr("Stop after the current step")
                               : tr("Train: one gradient descent step after another, over all "
                                    "examples at once"));
    m_play->setEnabled(can);
    m_step->setEnabled(can && !running);
    m_rateValue->setText(QLocale().toString(m_session->settings().learningRate, 'g', 2));
    m_speed->setText(
        running && m_session->stepsPerSecond() > 0
            ? tr("%1 steps/s").arg(QLocale().toString(m_session->stepsPerSecond(), 'f', 0))
            : QString());
    m_continue->setEnabled(m_index + 1 < int(m_session->snapshots().size()));
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
    const bool ablated = attn::anyHeadOff(s.model, m_off);
    const attn::SequenceModel model = ablated ? attn::ablateHeads(s.model, m_off) : s.model;
    m_view->setModel(model);
    m_weights->setModel(model);

    std::optional<double> loss = s.loss, accuracy = s.accuracy, heldLoss = s.heldOutLoss,
                          heldAccuracy = s.heldOutAccuracy;
    if (ablated) {
        // The snapshot's numbers are for every head on; with heads off they are measured again.
        loss = accuracy = heldLoss = heldAccuracy = std::nullopt;
        if (auto e = m_session->evaluate(model)) {
            loss = e->loss();
            accuracy = e->accuracy();
        }
        if (auto e = m_session->evaluateHeldOut(model)) {
            heldLoss = e->loss();
            heldAccuracy = e->accuracy();
        }
    }
    QString status =
        tr("Step %1: loss %2, accuracy %3").arg(s.step).arg(number(loss), percent(accuracy));
    if (!m_session->document().heldOut.empty())
        status +=
            tr("; held-out loss %1, accuracy %2").arg(number(heldLoss), percent(heldAccuracy));
    if (ablated)
        status += QLatin1Char(' ') + tr("(with the unticked heads switched off)");
    m_status->setText(status);
    m_stepLabel->setText(tr("step %1 of %2").arg(s.step).arg(m_session->step()));
    for (TrainingChart *chart : {m_loss, m_accuracy, m_induction})
        chart->setMarker(s.step);
    describeViews(s);

    // What the shown model predicts at each position of the chosen example, wrong ones marked.
    const auto &examples = m_session->document().examples;
    const int e = m_example->value() - 1;
    if (m_view->hasResult() && e >= 0 && e < int(examples.size())) {
        const auto &targets = examples[std::size_t(e)].targets;
        const auto &predictions = m_view->forward().predictions;
        QStringList cells;
        int scored = 0, right = 0;
        for (std::size_t i = 0; i < predictions.size(); ++i) {
            const QString name =
                QString::fromStdString(model.outputs[std::size_t(predictions[i])]).toHtmlEscaped();
            const int target = i < targets.size() ? targets[i] : -1;
            if (target < 0) {
                cells << QStringLiteral("<span style='color:%1'>%2</span>")
                             .arg(ColorScheme::axis().name(), name);
            } else if (target == predictions[i]) {
                ++scored;
                ++right;
                cells << name;
            } else {
                ++scored;
                cells << QStringLiteral("<b><span style='color:%1'>%2✗</span></b>")
                             .arg(ColorScheme::error().name(), name);
            }
        }
        m_predictions->setText(tr("Predictions for example %1: %2 — %3 of %4 right")
                                   .arg(e + 1)
                                   .arg(cells.join(QLatin1Char(' ')))
                                   .arg(right)
                                   .arg(scored));
    } else {
        m_predictions->clear();
    }
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
                scores << (model.layerCount() > 1 ? tr("layer %1 head %2: %3").arg(l + 1).arg(h + 1)
                                                  : tr("head %1: %2").arg(h + 1))
                              .arg(number(score));
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
    return m_loss->exportTo(path, QSize(800, 500));
}

bool TrainingView::saveTrainedModel(const QString &path)
{
    const std::string text = attn::writeSequence(m_session->trainedDocument(m_index));
    // All or nothing, with every write checked: a full disk or a kill leaves the earlier file.
    QString reason;
    if (SceneStorage::writeAtomically(path, QByteArray::fromStdString(text), &reason))
        return true;
    showMessage(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), reason));
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
    m_timelineLabel->setText(tr("T&imeline:"));
    m_timeline->setToolTip(tr("Drag back to see the maps and vectors as they were at an earlier "
                              "step (every step up to 200 is kept, then fewer as the run grows)"));
    m_continue->setText(tr("&Continue from here"));
    m_continue->setToolTip(tr("Drop the later steps and train on from the step shown, with "
                              "Adam's running averages as they were at that step"));
    m_exampleLabel->setText(tr("E&xample:"));
    m_headsLabel->setText(tr("Heads on:"));
    m_weightsTitle->setText(tr("Weight matrices (blue negative, vermilion positive)"));
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

    // The y axes are named by the titles; the x axis is the step everywhere.
    m_loss->setTitles(tr("Loss (cross-entropy)"), tr("step"), QString());
    m_accuracy->setTitles(tr("Accuracy (% right)"), tr("step"), QString());
    m_induction->setTitles(tr("Induction score per head"), tr("step"), QString());
    m_induction->setToolTip(tr("Mean attention weight from each repeated token to the token "
                               "that followed its previous occurrence"));
    const QColor train(0xd5, 0x5e, 0x00);
    if (m_loss->lineCount() > 0) {
        m_loss->setLine(0, tr("training"), train);
        m_accuracy->setLine(0, tr("training"), train);
    }
    if (m_loss->lineCount() > 1) {
        m_loss->setLine(1, tr("held-out"), ColorScheme::key(), true);
        m_accuracy->setLine(1, tr("held-out"), ColorScheme::key(), true);
    }
    int line = 0;
    const int heads = m_induction->lineCount();
    for (int l = 0; l < model.layerCount(); ++l)
        for (int h = 0; h < model.headCount(l) && line < heads; ++h, ++line)
            m_induction->setLine(line,
                                 model.layerCount() > 1
                                     ? tr("layer %1 head %2").arg(l + 1).arg(h + 1)
                                     : tr("head %1").arg(h + 1),
                                 lineColour(line, heads));
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
