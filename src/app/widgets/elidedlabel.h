#pragma once

#include <QLabel>
#include <QString>

/// A one-line label that gives up width gracefully: when its room is narrower than its text it
/// shows the start of the text with "…" and the whole text as its tooltip. For titles in a row
/// of buttons (the walkthrough's and the lesson's bars): a wrapping label there grew taller than
/// the row would let it, and was cut at the top and bottom in presentation type on a 1280-pixel
/// screen; a label that neither wraps nor elides would widen the window instead.
class ElidedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    /// The text to show (plain text); hides QLabel::setText, which would bypass the eliding.
    void setText(const QString &text);
    /// The whole text, whatever is shown.
    QString fullText() const { return m_full; }
    /// Whether the label shows less than its whole text.
    bool isElided() const { return QLabel::text() != m_full; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void elide();

    QString m_full;
};
