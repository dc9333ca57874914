#pragma once

#include <QStaticText>
#include <QStringList>
#include <QWidget>

#include <vector>

class SequenceSession;

/// The sentence as the model sees it: one box per token with its name and, below, the position it
/// sits at (its index plus the shift m). Reads the session; never edits it.
class SequenceTokenStrip : public QWidget
{
    Q_OBJECT

public:
    explicit SequenceTokenStrip(SequenceSession *session, QWidget *parent = nullptr);

    /// Where token `index` is drawn (empty outside the sentence).
    QRect tokenRect(int index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// Takes the session's tokens and positions; measures and lays them out again only when
    /// they changed (an edit of the model leaves the strip as it is).
    void follow();
    /// Measures every token once and places the boxes.
    void layOut();

    SequenceSession *m_session;
    QStringList m_names;
    int m_shift = 0;
    std::vector<QRect> m_boxes;
    std::vector<QStaticText> m_nameTexts, m_positionTexts;
    QFont m_small; ///< the positions' font
};
