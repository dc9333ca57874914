#pragma once

#include <QWidget>

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

private:
    SequenceSession *m_session;
};
