#pragma once

#include <QWidget>

#include <memory>

namespace Ui {
class DimensionLabPage;
}
class DimensionLabModel;
class QPushButton;
class SaturationChart;
class ScoreHistogramChart;
class VarianceChart;

/// The dimension lab: sliders for d, σ, N, n and a seed on the left with the figures at the
/// current d; on the right the score histograms and the curves over d. The controls edit the
/// DimensionLabModel, which computes in worker threads; the page only shows what it reports,
/// including the progress of a run.
class DimensionLabPage : public QWidget
{
    Q_OBJECT

public:
    explicit DimensionLabPage(DimensionLabModel *model, QWidget *parent = nullptr);
    ~DimensionLabPage() override;

    DimensionLabModel *model() const { return m_model; }
    ScoreHistogramChart *histogramChart() const { return m_histogram; }
    VarianceChart *varianceChart() const { return m_variance; }
    SaturationChart *saturationChart() const { return m_saturation; }
    /// Export animation…: d from 1 to 4096 as a GIF (DimensionSweep).
    QPushButton *exportAnimationButton() const { return m_exportAnimation; }
    void exportAnimationDialog();

    // The sliders move in equal steps of the logarithm (d, N, n) or of σ itself.
    static int dimensionAt(int position);
    static int positionOfDimension(int d);
    static double sigmaAt(int position);
    static int positionOfSigma(double sigma);
    static int samplesAt(int position);
    static int positionOfSamples(int samples);
    static int keysAt(int position);
    static int positionOfKeys(int keys);

protected:
    void changeEvent(QEvent *event) override;

private:
    void setUpControls();
    void syncControls();
    void refreshResults();
    void refreshProgress();
    void fitControlColumn();
    void retranslateExport();

    std::unique_ptr<Ui::DimensionLabPage> m_ui;
    DimensionLabModel *m_model;
    ScoreHistogramChart *m_histogram;
    VarianceChart *m_variance;
    SaturationChart *m_saturation;
    QPushButton *m_exportAnimation;
};
