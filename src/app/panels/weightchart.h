#pragma once

#include <QChartView>
#include <QFont>
#include <QGraphicsScene>
#include <QList>

#include <optional>

class SceneModel;
class QAbstractBarSeries;
class QBarSet;
class QCategoryAxis;
class QChart;
class QGraphicsLineItem;
class StampedTextItem;
class WeightBarsItem;

/// The softmax weight of every key as a bar (top chart, axis 0…1) above its score before softmax
/// (bottom chart, axis fitted to the scores; for scaled dot product s = q·k/√d). Each bar has its
/// key's colour. Both charts live in one view so that they export together and their key axes line
/// up. Under softmax₁ one more, grey bar "nothing" follows the keys: in the weights it holds
/// 1 − Σw, in the scores it stands at 0, the implicit key's score.
///
/// During a drag only the bar values change (QBarSet::replace); sets are rebuilt only when the
/// number of keys changes. The sets hold the values and colours; WeightBarsItem draws the bars.
///
/// Two scenes: the charts themselves (titles, axes, grid, key labels: what a drag leaves alone)
/// live in a scene of their own, drawn as the view's background and kept as a picture on screen;
/// the view's scene holds only what a drag changes (the bars, their numbers, sparsemax's line),
/// each panel's under an anchor that follows its chart. Qt Charts shapes its texts again and
/// measures its lines through a path stroker at every paint, which a drag's repaint of the plot
/// areas made a quarter of the drag's cost.
class WeightChart : public QChartView
{
    Q_OBJECT

public:
    explicit WeightChart(SceneModel *model, QWidget *parent = nullptr);
    ~WeightChart() override;

    /// The keys' bar heights as drawn, read back from the bar sets (for tests and exports); one
    /// per key, without the "nothing" bar.
    QList<double> displayedWeights() const;
    QList<double> displayedScores() const;
    /// Softmax₁'s "nothing" bar as drawn, read back from its bar set: its weight (1 − Σw), or
    /// none when there is no such bar (every other normaliser).
    std::optional<double> displayedNothing() const;
    /// The number written on the "nothing" bar, empty without one.
    QString nothingLabel() const;

    /// True when the two charts sit side by side (a wide, low view) rather than stacked.
    bool sideBySide() const { return m_sideBySide; }

    /// The score axis's range as shown.
    double scoreAxisMin() const;
    double scoreAxisMax() const;
    /// The value axes' tick labels as shown (a true minus sign, U+2212).
    QStringList scoreAxisLabels() const;
    QStringList weightAxisLabels() const;
    /// The charts' titles as shown (shortened to the width, never dropped).
    QString weightTitle() const;
    QString scoreTitle() const;

    /// No background at all (the view's nor the charts'), for a picture on a transparent page.
    void setTransparent();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void changeEvent(QEvent *event) override;

private:
    // One of the two stacked charts.
    struct Panel
    {
        QChart *chart = nullptr;
        QAbstractBarSeries *series = nullptr;
        QCategoryAxis *keyAxis = nullptr;
        QCategoryAxis *valueAxis = nullptr; // a category per tick, for U+2212 in the labels
        QList<QBarSet *> sets;
        QList<StampedTextItem *> labels;
        QGraphicsItem *anchor = nullptr; // in the view's scene, where the chart is in m_charts
        WeightBarsItem *bars = nullptr;  // draws the sets' values (the series is hidden)
        int extraLeft = 0;               // added to the left margin so that both plot areas line up
    };

    void setUpPanel(Panel &panel, bool withKeyTitle);
    void rebuildPanel(Panel &panel, int keyCount);
    int valueIndex(int key) const;
    double barCentre(int key) const;
    /// The keys, and the "nothing" bar after them when there is one.
    int slotCount() const { return m_keyCount + (m_nothing ? 1 : 0); }
    void rebuild(int keyCount, bool nothing);
    /// Softmax₁'s weight for nothing, 1 − Σw (for multi-head the mean over the heads, as the
    /// bars are); none for the other normalisers and without a result.
    std::optional<double> nothingWeight() const;
    void refresh();
    void retranslate();
    void updateTitles(bool force = false);
    QString fittedTitle(const QStringList &variants, const QChart *chart) const;
    void applyFonts();
    /// The theme's background, text and axis colours on both charts (bars follow in refresh()).
    void applyColours();
    void updateKeyLabels();
    void updateScoreRange(double lo, double hi);
    void positionValueLabels(Panel &panel);
    /// The bars of `panel` from its sets' values and colours, where Qt Charts would put them.
    void updateBars(Panel &panel);
    void alignPlotAreas();
    void layoutCharts();
    /// Sparsemax's threshold τ*·τ as a dashed line across the score chart: the keys below it get
    /// weight 0. Hidden for the other normalisers and for multi-head (each head has its own).
    void positionThresholdLine();

    SceneModel *m_model;
    QGraphicsScene m_charts; ///< both charts; declared before the panels that point into it
    Panel m_weights;
    Panel m_scores;
    int m_keyCount = -1;
    bool m_nothing = false; // the sets end with softmax₁'s "nothing"
    bool m_grouped = true;  // few keys: one category per key; many: one category for all
    int m_keyLabelStep = 0;
    // Small docks: the charts sit side by side when the view is wide and low, and drop their
    // titles when low (the axis titles still say what is shown).
    bool m_sideBySide = false;
    bool m_compact = false;
    void updateTickBudget();

    double m_scoreMin = 0;
    double m_scoreMax = 0;
    double m_scoreStep = 0;
    double m_lastLo = 0, m_lastHi = 0; // the scores' range, for a relayout after a resize
    int m_tickBudget = 6;              // as many value-axis labels as fit the plot's height
    QGraphicsLineItem *m_threshold = nullptr;

public:
    /// The threshold line as drawn: visible, and its score (for tests).
    bool thresholdShown() const;
    double thresholdScore() const { return m_thresholdScore; }
    /// The threshold line's height and the score numbers' boxes, in the view's coordinates (for
    /// tests: no number may sit on the line).
    double thresholdY() const;
    QList<QRectF> scoreLabelRects() const;
    /// Every bar as drawn (both charts, zero heights included), in the view's coordinates.
    QList<QRectF> barRects() const;

private:
    double m_thresholdScore = 0;
    /// What the titles were last made from (updateTitles()).
    struct TitleInputs
    {
        bool ok = false;
        int heads = 0, method = -1, normaliser = -1;
        QString numbers;
        double weightWidth = -1, scoreWidth = -1;
        QFont font; ///< the charts' title font
        bool operator==(const TitleInputs &) const = default;
    };
    TitleInputs m_titleInputs;
};
