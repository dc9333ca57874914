#pragma once

#include "sequence/stilllayer.h"
#include "sequence/viewcaption.h"

#include <QColor>
#include <QImage>
#include <QLineF>
#include <QStaticText>
#include <QStringList>
#include <QWidget>

#include <vector>

class SequenceSession;

/// The "head view": the tokens twice, queries on the left and keys on the right, and for each
/// head of one layer a line from query i to key j as thick as the weight w_ij, one colour per
/// head. Hovering a token on the left keeps only its row.
class SequenceHeadView : public QWidget
{
    Q_OBJECT

public:
    explicit SequenceHeadView(SequenceSession *session, QWidget *parent = nullptr);

    int layer() const { return m_layer; }
    void setLayer(int layer);
    /// The query row kept while the pointer rests on a left token, -1 otherwise.
    int hoveredRow() const { return m_hovered; }

    /// Where token i is written in the left (queries) or right (keys) column.
    QRect tokenRect(bool keys, int index) const;
    /// The thickness, in pixels, a weight is drawn with.
    static double lineWidth(double weight);
    /// The colour of head `head` (of `count`).
    static QColor headColor(int head, int count);

    /// One line of the last paint, for checking what is on screen.
    struct Line
    {
        int head, query, key;
        double width;
    };
    const std::vector<Line> &lastLines() const { return m_lines; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// Where things go at the current size and font: measured once per paint, not per line.
    struct Geometry
    {
        int top = 0, row = 0, column = 0, left = 0, right = 0;
        int labelStep = 1; ///< every how many tokens a label fits
    };
    Geometry geometry() const;
    QString caption() const;
    /// The top-left corner of each head's key (swatch and name), wrapped to the width; one more
    /// point gives the height the keys take.
    std::vector<QPoint> legendPlaces() const;
    /// The token labels of both columns, laid out once per sentence, shift and font.
    void prepareLabels();
    /// One Line per weight drawn: the hovered row's only while a token is hovered.
    void collectLines();
    QColor lineColor(int head) const;
    /// Where `line` runs, from its query in the left column to its key in the right one.
    QLineF lineAt(const Geometry &g, const Line &line) const;
    /// The lines with QPainter's stroker, for files and scaled pictures.
    void paintLines(QPainter &p) const;
    /// The lines composed into `image` (its pixels at its ratio) column by column.
    void rasterLines(QImage &image) const;
    /// Everything but the lines: headings, the heads' keys and the token names.
    void paintStill(QPainter &p);
    /// What the still picture depends on besides the size, font and theme.
    QByteArray stillKey();

    SequenceSession *m_session;
    int m_layer = 0;
    int m_hovered = -1;
    std::vector<Line> m_lines;
    ViewCaption m_caption;
    QStringList m_labelNames; ///< what the prepared labels say, to tell when they are stale
    int m_labelShift = 0;
    QFont m_labelFont;
    std::vector<QStaticText> m_queryLabels, m_keyLabels;
    StillLayer m_still;
};
