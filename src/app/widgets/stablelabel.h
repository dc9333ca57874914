#pragma once

#include <QLabel>
#include <QStaticText>

/// A label for numbers that change on every mouse move (the status bar's output and pointer
/// coordinates). A plain QLabel asks its parent to lay out again on every new text, which in a
/// status bar means the main window; this one keeps a fixed size and changes it only when the
/// text no longer fits, or is much shorter than the room it has. Its text is laid out once per
/// change and both measured and drawn from that layout: QLabel shapes it again on every paint.
class StableLabel : public QLabel
{
    Q_OBJECT

public:
    explicit StableLabel(QWidget *parent = nullptr);

    /// Shows `text`, resizing only when needed.
    void setStableText(const QString &text);

    /// The narrowest the label ever gets.
    void setFloorWidth(int width);

protected:
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void fit(bool force);
    /// text() laid out in the current font; laid out again when either changed (also by
    /// QLabel::clear() or setText(), which this class does not see).
    const QStaticText &laidOut();

    int m_floor = 0;
    QStaticText m_laid;
    QFont m_laidFont;
};
