#pragma once

#include <QScrollArea>

class QHBoxLayout;

/// A row of widgets (the Training view's head switches) one line high that scrolls sideways when
/// it is wider than its room, instead of widening its window: 32 heads' check boxes made the
/// Training view about 4,000 pixels wide. The scroll bar is there only while it is needed, and the
/// row is then as much higher as the bar is.
class SidewaysRow : public QScrollArea
{
    Q_OBJECT

public:
    explicit SidewaysRow(QWidget *parent = nullptr);

    /// Adds `widget` at the end of the row (before the stretch that keeps the widgets to the
    /// left); the row takes it.
    void append(QWidget *widget);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Shows the scroll bar exactly when the widgets do not fit, and asks for the height that
    /// leaves them a whole line above it.
    void fit();

    QHBoxLayout *m_row; ///< the widgets, then a stretch
    bool m_needsBar = false;
};
