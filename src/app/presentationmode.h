#pragma once

#include "canvas/viewtransform.h"

#include <QByteArray>
#include <QFont>
#include <QList>
#include <QObject>
#include <QRect>

#include <optional>

class CanvasWidget;
class QDockWidget;
class QMainWindow;
class QWidget;

/// Presentation mode (View, F11): full screen, the interface text 1.5 times larger, thicker
/// arrows, no toolbar and only the docks a projector needs. Leaving puts back the geometry,
/// the dock layout, the font and the canvas's view exactly as they were.
///
/// The window holds it as a member, not as a child object: it gives the application its font
/// back when the window closes, while the window's widgets are all still there.
class PresentationMode : public QObject
{
    Q_OBJECT

public:
    /// The factors presentation mode applies to the interface font and to lines.
    static constexpr double kFontScale = 1.5;
    static constexpr double kLineScale = 1.6;

    /// `label` (the method and τ in large type) is shown only while presenting; `hidden` are
    /// the window's parts presentation mode puts away (the toolbar).
    PresentationMode(QMainWindow *window, CanvasWidget *canvas, QWidget *label,
                     QList<QWidget *> hidden);
    /// Gives the application its font and line width back, if still presenting.
    ~PresentationMode() override;

    /// The window's docks, and which of them stay in view while presenting.
    void setDocks(const QList<QDockWidget *> &docks, const QList<QDockWidget *> &shown);

    bool isOn() const { return m_before.has_value(); }
    void setOn(bool on);

    /// saveGeometry() and saveState() to remember for the next start: those from before
    /// presentation mode while it is on (the full-screen window is not the user's).
    QByteArray sessionGeometry() const;
    QByteArray sessionState() const;

signals:
    /// Presentation mode ended and the user's own layout is back.
    void left();

private:
    /// Something the layout is in the middle of: no restoreState() now.
    static bool layoutInUse();
    void enter();
    void leave();

    struct Before
    {
        QByteArray geometry; ///< saveGeometry(), for the session saved while presenting
        QRect normalRect;    ///< geometry(), put back when leaving
        QByteArray state;
        QFont font;
        Qt::WindowStates windowState;
        ViewTransform view;
    };

    QMainWindow *m_window;
    CanvasWidget *m_canvas;
    QWidget *m_label;
    QList<QWidget *> m_hidden;
    QList<QDockWidget *> m_docks;
    QList<QDockWidget *> m_shown;
    // What presentation mode replaced, while it is on.
    std::optional<Before> m_before;
};
