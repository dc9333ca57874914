#pragma once

#include <QFont>
#include <QList>
#include <QPixmap>
#include <QRect>
#include <QRgb>
#include <QWidget>

#include <vector>

class SceneModel;
class QPainter;

/// The heads × keys heat map of multi-head attention: each head's softmax weights in a row,
/// the number in every cell, a colour legend 0…1 and a tooltip with the head's score. For the
/// other methods it shows a one-line hint instead.
class HeadHeatMap : public QWidget
{
    Q_OBJECT

public:
    explicit HeadHeatMap(SceneModel *model, QWidget *parent = nullptr);

    int headCount() const { return m_heads; }
    int keyCount() const { return m_keys; }
    /// The weight painted in a cell (head h's weight of key k), NaN outside the grid.
    double cellValue(int head, int key) const;
    /// Where a cell is painted, in widget coordinates (empty outside the grid).
    QRect cellRect(int head, int key) const;
    /// True when the grid is shown, false while the hint is.
    bool showsGrid() const { return m_heads > 0; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Geometry
    {
        QRect grid;
        int rowLabelWidth = 0;
        int cellWidth = 0;
        int cellHeight = 0;
        int columnLabelStep = 1;
        bool numbers = true;
        QRect legend;
    };

    // What stays still during a drag (background, title, labels, legend) is drawn from a picture
    // keyed on all it shows; the cells, their numbers and the lines between them over it.
    struct StillKey
    {
        QSize size;
        qreal devicePixelRatio = 0;
        QFont font;
        int heads = 0, keys = 0;
        int texts = 0; // bumped when the language changes
        std::vector<QRgb> colors;
        bool operator==(const StillKey &) const = default;
    };
    StillKey stillKey() const;
    const QPixmap &stillPicture();
    /// The parts of the still picture that hold more than the background.
    QList<QRect> stillParts() const;
    void paintStill(QPainter &p) const;
    void paintCells(QPainter &p) const;

    void refresh();
    void relayout();
    QString hintText() const;
    QString keyLabel(int key) const;

    SceneModel *m_model;
    int m_heads = 0;
    int m_keys = 0;
    std::vector<double> m_weights; // row-major heads × keys, as painted
    std::vector<double> m_scores;
    std::vector<bool> m_masked;
    Geometry m_geo;
    int m_texts = 0;
    StillKey m_stillKey;
    QPixmap m_still;
};
