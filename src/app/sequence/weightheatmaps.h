#pragma once

#include "core/sequencemodel.h"

#include <QString>
#include <QWidget>

#include <vector>

/// Every matrix of a sequence model as a small heat map, in the order the forward pass uses them
/// (E, the position table when learned, each head's W_q, W_k, W_v, each layer's W_O, U), so that
/// a learner sees which entries training moves. Each map has its own scale, ±(its largest |entry|),
/// written under it: the pattern shows even when one matrix is much larger than another.
/// Negative entries are blue, positive vermilion, zero the background.
class WeightHeatmaps : public QWidget
{
    Q_OBJECT

public:
    explicit WeightHeatmaps(QWidget *parent = nullptr);

    void setModel(const attn::SequenceModel &model);

    /// The matrices drawn, with their labels, in drawing order.
    struct Entry
    {
        QString label;
        attn::Matrix matrix;
        QRect rect; ///< where the cells are drawn
    };
    const std::vector<Entry> &entries() const { return m_entries; }
    /// The colour of value `x` on a map whose scale is ±`extent`.
    static QColor colorFor(double x, double extent);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// Places the maps in rows across `width`; returns the height used.
    int layoutEntries(int width, bool store);

    std::vector<Entry> m_entries;
};
