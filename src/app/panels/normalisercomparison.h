#pragma once

#include "core/normaliser.h"
#include "core/types.h"

#include <QRect>
#include <QWidget>

#include <array>
#include <vector>

class SceneModel;

/// The same scores through all four normalisers at once, as four small groups of bars, so that
/// the choice can be compared without switching: each key's weight as a bar in its key's
/// colour, the normaliser in use framed and marked, each group's Σw written under it, softmax₁'s
/// grey "nothing" bar after its keys, and an exact 0 (sparsemax below its threshold) as an empty
/// outlined bar labelled 0. The numbers are the model's (SceneModel::everyNormaliser()); for
/// multi-head attention they are the means over the heads, as the caption says.
///
/// Painted with QPainter rather than Qt Charts: it repaints on every step of a drag, beside the
/// weight chart, and four charts would cost several layouts per step.
class NormaliserComparison : public QWidget
{
    Q_OBJECT

public:
    explicit NormaliserComparison(SceneModel *model, QWidget *parent = nullptr);

    /// The number of keys drawn in each group (0 without a result).
    int keyCount() const { return m_keys; }
    /// The height of key `key`'s bar under `normaliser`, as painted (NaN outside).
    double displayedWeight(attn::Normaliser normaliser, int key) const;
    /// Softmax₁'s "nothing" bar, as painted (NaN without a result).
    double displayedNothing() const;
    /// The sum written under a group ("Σw = 0.952"), empty without a result.
    QString sumText(attn::Normaliser normaliser) const;
    /// The number written on a bar ("0" for an exact zero, "—" for a masked key); `key` equal to
    /// keyCount() is softmax₁'s "nothing". Empty when the numbers do not fit or there is none.
    QString barLabel(attn::Normaliser normaliser, int key) const;
    /// True when the bar is drawn as an empty outline: an unmasked key given exactly 0.
    bool isEmptyBar(attn::Normaliser normaliser, int key) const;
    /// Where a bar's slot is painted (the column its bar and number stand in), in widget
    /// coordinates; `key` equal to keyCount() is "nothing" (softmax₁ only). Empty outside.
    QRect slotRect(attn::Normaliser normaliser, int key) const;
    /// The frame of a group.
    QRect groupRect(attn::Normaliser normaliser) const;
    /// The normaliser framed as in use: the scene's.
    attn::Normaliser current() const { return m_current; }
    /// The caption above the groups (what is shown: the mean over the heads for multi-head).
    QString caption() const;
    /// The text of the tooltip at a widget position (empty where there is none).
    QString toolTipAt(QPoint position) const;
    /// The group titles as painted (the full name where it fits, else the short one).
    QString titleText(attn::Normaliser normaliser) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Group
    {
        QRect frame;
        QRect title;
        QRect plot; // weight 0 at the bottom, 1 at the top
        QRect keyLabels;
        QRect sum;
        int slotCount = 0;
        QString titleText;
        bool tagFits = false; // "in use" beside the title
    };

    void refresh();
    void relayout();
    void updateAccessibleText();
    const Group &group(attn::Normaliser normaliser) const;
    /// The weight of slot `slot` of a group: a key's, or "nothing" after softmax₁'s keys.
    double slotValue(attn::Normaliser normaliser, int slot) const;
    bool masked(int key) const;
    QString description(attn::Normaliser normaliser) const;
    QFont numberFont(const Group &g) const;

    SceneModel *m_model;
    int m_keys = 0;
    int m_heads = 0;        // > 0 for multi-head: the bars are means over this many heads
    attn::Matrix m_weights; // kNormaliserCount × keys, as painted
    std::array<double, attn::kNormaliserCount> m_sums{};
    double m_nothing = 0;
    std::vector<bool> m_masked;
    attn::Normaliser m_current = attn::Normaliser::Softmax;
    std::array<Group, attn::kNormaliserCount> m_groups;
    int m_keyLabelStep = 1;
    bool m_numbers = true;
};
