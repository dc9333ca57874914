#include "lab/dimensionlabpage.h"

#include "export/forwardanimationdialog.h"
#include "lab/dimensionsweep.h"
#include "lab/labchart.h"
#include "lab/saturationchart.h"
#include "lab/scorehistogramchart.h"
#include "lab/variancechart.h"
#include "model/dimensionlabmodel.h"
#include "text/numberformat.h"
#include "theme/appearance.h"
#include "ui_dimensionlabpage.h"
#include "widgets/hostedview.h"

#include <QEvent>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>

#include <algorithm>
#include <climits>
#include <cmath>

namespace {
// Ten slider steps per doubling of d and of n; twenty per decade of N.
constexpr int kDimensionSteps = 120; // 2^0 … 2^12
constexpr int kSamplesSteps = 60;    // 10^3 … 10^6
constexpr int kKeysSteps = 80;       // 2^1 … 2^9

// Two significant digits, so that slider values read as round numbers (1,100 rather than 1,122).
int roundTwoDigits(double x)
{
    const double mag = std::pow(10.0, std::floor(std::log10(x)) - 1);
    return int(std::lround(std::round(x / mag) * mag));
}

// Sets a slider without a valueChanged(): the change came from the model.
void place(QSlider *slider, int position)
{
    const QSignalBlocker blocker(slider);
    slider->setValue(position);
}
} // namespace

DimensionLabPage::DimensionLabPage(DimensionLabModel *model, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::DimensionLabPage>()), m_model(model)
{
    m_ui->setupUi(this);
    m_histogram = hostView<ScoreHistogramChart>(m_ui->histogramHostLayout, m_model);
    m_variance = hostView<VarianceChart>(m_ui->varianceHostLayout, m_model);
    m_saturation = hostView<SaturationChart>(m_ui->saturationHostLayout, m_model);
    m_ui->errorLabel->hide();
    m_ui->progressBar->setRange(0, DimensionLabModel::kProgressRange);
    // The column headers in the charts' colours, so that the table reads as a legend too; the
    // scaled colour follows the theme.
    auto colourHeaders = [this] {
        for (auto [label, color] : {std::pair(m_ui->rawHeader, LabChart::rawColor()),
                                    std::pair(m_ui->scaledHeader, LabChart::scaledColor())}) {
            QPalette palette = label->palette();
            palette.setColor(QPalette::WindowText, color);
            label->setPalette(palette);
        }
    };
    colourHeaders();
    connect(Appearance::instance(), &Appearance::changed, this, colourHeaders);
    for (QLabel *label : {m_ui->rawHeader, m_ui->scaledHeader}) {
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }

    // Below the progress, above the explanation: it exports what the charts show.
    m_exportAnimation = new QPushButton(m_ui->controlColumn);
    m_exportAnimation->setObjectName(QStringLiteral("exportAnimationButton"));
    m_ui->controlLayout->insertWidget(m_ui->controlLayout->indexOf(m_ui->errorLabel) + 1,
                                      m_exportAnimation);
    connect(m_exportAnimation, &QPushButton::clicked, this,
            &DimensionLabPage::exportAnimationDialog);
    retranslateExport();

    fitControlColumn();

    setUpControls();
    connect(m_model, &DimensionLabModel::paramsChanged, this, &DimensionLabPage::syncControls);
    connect(m_model, &DimensionLabModel::pointChanged, this, &DimensionLabPage::refreshResults);
    connect(m_model, &DimensionLabModel::progressChanged, this, &DimensionLabPage::refreshProgress);
    connect(m_model, &DimensionLabModel::busyChanged, this, &DimensionLabPage::refreshProgress);
    connect(m_ui->cancelButton, &QPushButton::clicked, m_model, &DimensionLabModel::cancel);
    connect(m_model, &DimensionLabModel::failed, this, [this](const QString &message) {
        m_ui->errorLabel->setText(message);
        m_ui->errorLabel->show();
    });
    syncControls();
    refreshResults();
    refreshProgress();
}

DimensionLabPage::~DimensionLabPage() = default;

int DimensionLabPage::dimensionAt(int position)
{
    return int(std::lround(std::pow(2.0, position / 10.0)));
}

int DimensionLabPage::positionOfDimension(int d)
{
    return int(std::lround(10 * std::log2(double(d))));
}

double DimensionLabPage::sigmaAt(int position)
{
    return position / 100.0;
}

int DimensionLabPage::positionOfSigma(double sigma)
{
    return int(std::lround(sigma * 100));
}

int DimensionLabPage::samplesAt(int position)
{
    return roundTwoDigits(1000 * std::pow(10.0, position / 20.0));
}

int DimensionLabPage::positionOfSamples(int samples)
{
    return int(std::lround(20 * std::log10(samples / 1000.0)));
}

int DimensionLabPage::keysAt(int position)
{
    return int(std::lround(std::pow(2.0, 1 + position / 10.0)));
}

int DimensionLabPage::positionOfKeys(int keys)
{
    return int(std::lround(10 * (std::log2(double(keys)) - 1)));
}

void DimensionLabPage::setUpControls()
{
    using M = DimensionLabModel;
    Ui::DimensionLabPage &ui = *m_ui;
    ui.dimensionSlider->setRange(0, kDimensionSteps);
    ui.dimensionSlider->setPageStep(10);
    ui.dimensionSpin->setRange(M::kMinDimension, M::kMaxDimension);
    ui.sigmaSlider->setRange(positionOfSigma(M::kMinSigma), positionOfSigma(M::kMaxSigma));
    ui.sigmaSlider->setPageStep(25);
    ui.sigmaSpin->setRange(M::kMinSigma, M::kMaxSigma);
    ui.sigmaSpin->setDecimals(2);
    ui.sigmaSpin->setSingleStep(0.05);
    ui.samplesSlider->setRange(0, kSamplesSteps);
    ui.samplesSlider->setPageStep(10);
    ui.samplesSpin->setRange(M::kMinSamples, M::kMaxSamples);
    ui.samplesSpin->setSingleStep(1000);
    ui.samplesSpin->setGroupSeparatorShown(true);
    ui.keysSlider->setRange(0, kKeysSteps);
    ui.keysSlider->setPageStep(10);
    ui.keysSpin->setRange(M::kMinKeys, M::kMaxKeys);
    ui.seedSpin->setRange(0, INT_MAX);

    connect(ui.dimensionSlider, &QSlider::valueChanged, this,
            [this](int p) { m_model->setDimension(dimensionAt(p)); });
    connect(ui.sigmaSlider, &QSlider::valueChanged, this,
            [this](int p) { m_model->setSigma(sigmaAt(p)); });
    connect(ui.samplesSlider, &QSlider::valueChanged, this,
            [this](int p) { m_model->setSamples(samplesAt(p)); });
    connect(ui.keysSlider, &QSlider::valueChanged, this,
            [this](int p) { m_model->setKeys(keysAt(p)); });
    connect(ui.dimensionSpin, &QSpinBox::valueChanged, m_model, &DimensionLabModel::setDimension);
    connect(ui.sigmaSpin, &QDoubleSpinBox::valueChanged, m_model, &DimensionLabModel::setSigma);
    connect(ui.samplesSpin, &QSpinBox::valueChanged, m_model, &DimensionLabModel::setSamples);
    connect(ui.keysSpin, &QSpinBox::valueChanged, m_model, &DimensionLabModel::setKeys);
    connect(ui.seedSpin, &QSpinBox::valueChanged, this,
            [this](int seed) { m_model->setSeed(std::uint64_t(seed)); });
}

void DimensionLabPage::syncControls()
{
    const attn::DimensionExperimentParams &p = m_model->params();
    Ui::DimensionLabPage &ui = *m_ui;
    {
        const QSignalBlocker blockers[] = {
            QSignalBlocker(ui.dimensionSpin), QSignalBlocker(ui.sigmaSpin),
            QSignalBlocker(ui.samplesSpin), QSignalBlocker(ui.keysSpin),
            QSignalBlocker(ui.seedSpin)};
        ui.dimensionSpin->setValue(p.dimension);
        ui.sigmaSpin->setValue(p.sigma);
        ui.samplesSpin->setValue(p.samples);
        ui.keysSpin->setValue(p.keys);
        ui.seedSpin->setValue(int(p.seed));
    }
    // A slider that already stands at a position meaning this value stays where the hand put it:
    // several positions can round to the same d.
    if (dimensionAt(ui.dimensionSlider->value()) != p.dimension)
        place(ui.dimensionSlider, positionOfDimension(p.dimension));
    if (sigmaAt(ui.sigmaSlider->value()) != p.sigma)
        place(ui.sigmaSlider, positionOfSigma(p.sigma));
    if (samplesAt(ui.samplesSlider->value()) != p.samples)
        place(ui.samplesSlider, positionOfSamples(p.samples));
    if (keysAt(ui.keysSlider->value()) != p.keys)
        place(ui.keysSlider, positionOfKeys(p.keys));
}

void DimensionLabPage::refreshResults()
{
    Ui::DimensionLabPage &ui = *m_ui;
    QLabel *values[] = {ui.rawVarianceValue,  ui.scaledVarianceValue, ui.rawTheoryValue,
                        ui.scaledTheoryValue, ui.rawMaxWeightValue,   ui.scaledMaxWeightValue,
                        ui.rawEntropyValue,   ui.scaledEntropyValue};
    if (!m_model->hasPoint()) {
        ui.resultsBox->setTitle(tr("At the current d"));
        for (QLabel *l : values)
            l->setText(QStringLiteral("…"));
        ui.uniformLabel->setText(tr("Computing…"));
        return;
    }
    ui.errorLabel->hide();
    const attn::DimensionSummary &s = m_model->pointSummary();
    // No full trial (N < n) leaves the softmax figures undefined: a dash, not a number.
    auto n = [](double x) {
        return std::isfinite(x) ? NumberFormat::number(x, 3) : QStringLiteral("—");
    };
    ui.resultsBox->setTitle(tr("At d = %1").arg(s.dimension));
    const double figures[] = {s.rawVariance,          s.scaledVariance,   s.theoryRawVariance,
                              s.theoryScaledVariance, s.meanMaxWeightRaw, s.meanMaxWeightScaled,
                              s.meanEntropyRaw,       s.meanEntropyScaled};
    for (int i = 0; i < 8; ++i)
        values[i]->setText(n(figures[i]));
    ui.uniformLabel->setText(tr("Uniform weights would give a largest weight of 1/n = %1 and an "
                                "entropy of ln n = %2 nats.")
                                 .arg(n(s.uniformWeight), n(s.maxEntropy)));
}

void DimensionLabPage::refreshProgress()
{
    QProgressBar *bar = m_ui->progressBar;
    if (m_model->isBusy()) {
        bar->setFormat(tr("Computing… %p%"));
        bar->setValue(int(std::lround(m_model->progress() * DimensionLabModel::kProgressRange)));
        m_ui->progressStack->setCurrentWidget(m_ui->progressPage);
    } else {
        // Plain text in the bar's place: a full bar in the accent colour read as a button.
        m_ui->statusLabel->setText(m_model->wasCancelled()
                                       ? tr("Cancelled: the figures are for the last finished run")
                                       : tr("Up to date"));
        bar->setValue(bar->maximum());
        m_ui->progressStack->setCurrentWidget(m_ui->statusLabel);
    }
}

void DimensionLabPage::fitControlColumn()
{
    // As wide as the experiment's title, which a group box cannot wrap, and as the controls and
    // the figures need: fixed widths cut both off in presentation mode's larger font.
    const QFontMetrics fm(m_ui->experimentBox->font());
    const int title = fm.horizontalAdvance(m_ui->experimentBox->title()) + 3 * fm.height();
    const int width =
        std::max({title, fm.height() * 18, m_ui->experimentBox->minimumSizeHint().width(),
                  m_ui->resultsBox->minimumSizeHint().width()});
    m_ui->controlColumn->setMinimumWidth(width);
    m_ui->controlColumn->setMaximumWidth(width);
}

void DimensionLabPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateExport();
        refreshResults();
        refreshProgress();
        fitControlColumn();
    } else if (event->type() == QEvent::FontChange) {
        fitControlColumn();
    }
    QWidget::changeEvent(event);
}

void DimensionLabPage::retranslateExport()
{
    m_exportAnimation->setText(tr("Export animation…"));
    m_exportAnimation->setToolTip(
        tr("An animated GIF of d growing from 1 to 4096, with these σ, n and seed and %1 dot "
           "products per frame, so that 48 frames take seconds")
            .arg(QLocale().toString(DimensionSweep::kSamples)));
}

void DimensionLabPage::exportAnimationDialog()
{
    const attn::DimensionExperimentParams params = m_model->params();
    const auto factory = [params](const ForwardAnimationDialog::Settings &settings,
                                  const std::function<bool()> &cancelled,
                                  QString *why) -> std::unique_ptr<ForwardAnimation> {
        DimensionSweep::Options o;
        o.frames = settings.frames;
        o.size = settings.size;
        o.gif = settings.gif;
        return ForwardAnimation::ofSweep(std::make_shared<DimensionSweep>(params, o), o.frames,
                                         o.size, o.gif, cancelled, why);
    };
    ForwardAnimationDialog dialog(
        tr("Export Dimension Animation"),
        tr("Steps d from 1 to 4096, geometrically (each doubling of d gets as many frames), and "
           "draws this page at each: the histograms, the figures and the curves. σ, n and the "
           "seed are the ones set here; each frame draws only N = %1 dot products, so that 48 "
           "frames take seconds. The lab here stays as it is.")
            .arg(QLocale().toString(DimensionSweep::kSamples)),
        QStringLiteral("dimensionAnimation"), tr("dimension.gif"), size(), minimumSizeHint(),
        factory, this);
    dialog.exec();
}
