// The interaction modes against a stand-in CanvasModeHost that records what they ask for: the
// modes need nothing of the canvas beyond that interface. Expected positions are worked out by
// hand for a view of 100 pixels per unit centred on the origin in 800 × 600 pixels.
#include "canvas/canvasdragmode.h"
#include "canvas/canvasidlemode.h"
#include "canvas/canvasmodehost.h"
#include "canvas/canvaspanmode.h"
#include "canvas/viewtransform.h"

#include <QImage>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTest>

#include <typeinfo>
#include <vector>

using Kind = VectorHandle::Kind;

namespace {

// One tip, the query, at world (1, 1) = pixel (500, 200).
class FakeHost : public CanvasModeHost
{
public:
    ViewTransform m_view{100, QPointF(0, 0), QSizeF(800, 600)};
    attn::Vector query = (attn::Vector(2) << 1, 1).finished();
    VectorHandle hovered, selected, dragged;
    std::vector<QPointF> moves; // world points passed to moveHandle
    Qt::CursorShape cursor = Qt::ArrowCursor;
    bool cursorSet = false;
    int repaints = 0;
    int dragsBegun = 0, dragsEnded = 0;
    std::unique_ptr<CanvasMode> mode, retired;

    VectorHandle handleAt(QPointF screen) const override
    {
        return QLineF(screen, QPointF(500, 200)).length() <= 10 ? VectorHandle{Kind::Query, -1}
                                                                : VectorHandle{};
    }
    QPointF tipOf(const VectorHandle &) const override { return QPointF(query[0], query[1]); }
    attn::Vector vectorOf(const VectorHandle &) const override { return query; }
    QString readout(const VectorHandle &) const override { return QStringLiteral("q = (…)"); }
    const ViewTransform &view() const override { return m_view; }
    void setView(const ViewTransform &view) override { m_view = view; }
    QRectF area() const override { return QRectF(0, 0, 800, 600); }
    void setHovered(const VectorHandle &h) override { hovered = h; }
    void select(const VectorHandle &h) override { selected = h; }
    void setDragged(const VectorHandle &h) override
    {
        if (h.isValid() && !dragged.isValid())
            ++dragsBegun;
        if (!h.isValid() && dragged.isValid())
            ++dragsEnded;
        dragged = h;
    }
    bool moveHandle(const VectorHandle &, QPointF world) override
    {
        moves.push_back(world);
        query << world.x(), world.y();
        return true;
    }
    bool setVectorOf(const VectorHandle &, const attn::Vector &v) override
    {
        query = v;
        return true;
    }
    void setCursorShape(Qt::CursorShape shape) override
    {
        cursor = shape;
        cursorSet = true;
    }
    void clearCursor() override { cursorSet = false; }
    void requestRepaint() override { ++repaints; }
    void setMode(std::unique_ptr<CanvasMode> next) override
    {
        retired = std::move(mode);
        mode = std::move(next);
    }

    void press(QPointF pos, Qt::MouseButton button = Qt::LeftButton)
    {
        QMouseEvent e(QEvent::MouseButtonPress, pos, pos, button, button, Qt::NoModifier);
        mode->mousePress(&e);
    }
    void moveTo(QPointF pos, Qt::MouseButtons buttons = Qt::LeftButton)
    {
        QMouseEvent e(QEvent::MouseMove, pos, pos, Qt::NoButton, buttons, Qt::NoModifier);
        mode->mouseMove(&e);
    }
    void release(QPointF pos, Qt::MouseButton button = Qt::LeftButton)
    {
        QMouseEvent e(QEvent::MouseButtonRelease, pos, pos, button, Qt::NoButton, Qt::NoModifier);
        mode->mouseRelease(&e);
    }
    template <typename M> bool in() const { return mode && typeid(*mode) == typeid(M); }
};

} // namespace

class TestCanvasModes : public QObject
{
    Q_OBJECT

private slots:
    void hoverShowsAnOpenHand()
    {
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.moveTo(QPointF(505, 203), Qt::NoButton);
        QCOMPARE(host.hovered, (VectorHandle{Kind::Query, -1}));
        QCOMPARE(host.cursor, Qt::OpenHandCursor);
        host.moveTo(QPointF(300, 300), Qt::NoButton);
        QVERIFY(!host.hovered.isValid());
        QCOMPARE(host.cursor, Qt::ArrowCursor);
        host.mode->leave();
        QVERIFY(!host.cursorSet);
    }

    void dragMovesTheTipAndIsOneDrag()
    {
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.press(QPointF(500, 200));
        QVERIFY(host.in<CanvasDragMode>());
        QCOMPARE(host.selected, (VectorHandle{Kind::Query, -1}));
        QCOMPARE(host.dragged, (VectorHandle{Kind::Query, -1}));
        QCOMPARE(host.cursor, Qt::ClosedHandCursor);
        // A wobble of two pixels selects but does not move.
        host.moveTo(QPointF(502, 200));
        QVERIFY(host.moves.empty());
        // Pixel (550, 350) is world (1.5, −0.5).
        host.moveTo(QPointF(550, 350));
        QCOMPARE(host.moves.size(), size_t(1));
        QCOMPARE(host.moves.back(), QPointF(1.5, -0.5));
        host.release(QPointF(550, 350));
        QVERIFY(host.in<CanvasIdleMode>());
        QCOMPARE(host.dragsBegun, 1);
        QCOMPARE(host.dragsEnded, 1);
    }

    void escapePutsTheVectorBack()
    {
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.press(QPointF(500, 200));
        host.moveTo(QPointF(300, 400)); // world (−1, −1)
        QCOMPARE(host.query[0], -1.0);
        QKeyEvent escape(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
        QVERIFY(host.mode->keyPress(&escape));
        QCOMPARE(host.query[0], 1.0);
        QCOMPARE(host.query[1], 1.0);
        QVERIFY(host.in<CanvasIdleMode>());
        QVERIFY(!host.dragged.isValid());
    }

    void releaseElsewhereEndsTheDrag()
    {
        // The button came up outside (a window took the release): the next move ends the drag.
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.press(QPointF(500, 200));
        host.moveTo(QPointF(600, 200), Qt::NoButton);
        QVERIFY(host.in<CanvasIdleMode>());
        QVERIFY(host.moves.empty());
        QCOMPARE(host.dragsEnded, 1);
    }

    void panMovesTheViewByThePointer()
    {
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.press(QPointF(200, 100));
        QVERIFY(host.in<CanvasPanMode>());
        host.moveTo(QPointF(250, 60));
        // The picture follows the pointer: 50 px right and 40 px up is 0.5 and 0.4 units, so the
        // centre moves to (−0.5, −0.4).
        QCOMPARE(host.m_view.centre(), QPointF(-0.5, -0.4));
        host.select({Kind::Query, -1});
        host.release(QPointF(250, 60));
        QVERIFY(host.in<CanvasIdleMode>());
        QCOMPARE(host.selected, (VectorHandle{Kind::Query, -1})); // a pan keeps the selection
    }

    void clickOnTheBackgroundClearsTheSelection()
    {
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.select({Kind::Query, -1});
        host.press(QPointF(200, 100));
        host.release(QPointF(201, 100));
        QVERIFY(!host.selected.isValid());
        QCOMPARE(host.m_view.centre(), QPointF(0, 0));
    }

    void middleButtonPansEvenOverATip()
    {
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.press(QPointF(500, 200), Qt::MiddleButton);
        QVERIFY(host.in<CanvasPanMode>());
        QVERIFY(!host.dragged.isValid());
    }

    void dragReadoutStaysInside()
    {
        // The live readout is drawn beside the cursor and inside the area, even in a corner.
        FakeHost host;
        host.setMode(std::make_unique<CanvasIdleMode>(&host));
        host.press(QPointF(500, 200));
        host.moveTo(QPointF(796, 4));
        QImage image(800, 600, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter painter(&image);
            host.mode->paintOverlay(painter);
        }
        int left = 800, top = 600, right = -1, bottom = -1;
        for (int y = 0; y < 600; ++y)
            for (int x = 0; x < 800; ++x)
                if (qAlpha(image.pixel(x, y)) != 0) {
                    left = std::min(left, x);
                    right = std::max(right, x);
                    top = std::min(top, y);
                    bottom = std::max(bottom, y);
                }
        QVERIFY(right >= 0); // something was drawn
        QVERIFY(left >= 3 && top >= 3 && right <= 796 && bottom <= 596);
    }
};

QTEST_MAIN(TestCanvasModes)
#include "tst_canvasmodes.moc"
