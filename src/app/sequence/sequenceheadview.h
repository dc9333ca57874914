#pragma once

#include <QColor>
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

private:
    SequenceSession *m_session;
    int m_layer = 0;
    int m_hovered = -1;
    std::vector<Line> m_lines;
};
