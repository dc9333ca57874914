#pragma once

#include <QBrush>
#include <QFont>
#include <QGraphicsItem>
#include <QString>

/// A line of plain text in a graphics scene (the numbers on the chart's bars), drawn through
/// TextStamp: the numbers change on every frame of a drag, and QGraphicsSimpleTextItem shapes
/// its text again on every change, while a bar's rounded number recurs.
class StampedTextItem : public QGraphicsItem
{
public:
    explicit StampedTextItem(QGraphicsItem *parent = nullptr);

    QString text() const { return m_text; }
    void setText(const QString &text);
    QFont font() const { return m_font; }
    void setFont(const QFont &font);
    void setBrush(const QBrush &brush);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    void resize();

    QString m_text;
    QFont m_font;
    QBrush m_brush;
    QRectF m_rect;
};
