#pragma once

#include "dockspec.h"

#include <QList>
#include <QObject>

class QDockWidget;
class QLabel;
class QMainWindow;
class QMenu;

/// The main window's docks, made from one table (specs()): it creates and arranges them, gives
/// them their titles and Alt+number keys, and stands a note in for the panels a walkthrough
/// holds back. The window decides when; what each dock is and does is in the table.
class DockTable : public QObject
{
    Q_OBJECT

public:
    /// Every dock, in the order of the View menu and of their Alt+number keys.
    static const QList<DockSpec> &specs();

    /// Makes every dock of specs() in `window`, arranged as the table says; the factories fill
    /// the panels in `panels`.
    DockTable(QMainWindow *window, DockPanels &panels);

    /// The docks in the order of specs().
    const QList<QDockWidget *> &docks() const { return m_docks; }
    /// The dock of the row with this object name (nullptr if none).
    QDockWidget *dock(const char *objectName) const;
    /// The docks presentation mode keeps in view.
    QList<QDockWidget *> presenting() const;

    /// Lists the docks' toggles in `menu`, each with its Alt+number key.
    void addToggles(QMenu *menu);
    /// Shows each held-back panel, or the note in its place, as `walkthrough` stands.
    void holdBack(const Walkthrough &walkthrough);
    /// Titles and notes in the language now installed.
    void retranslate();

    /// The starting sizes: proportional to the window, within limits that keep the panels
    /// readable at 1280 × 800 and give the canvas most of a 1920 × 1080 projector.
    void applyDefaultSizes();
    /// A small window squeezes the docks, and growing it again gives all the new room to the
    /// canvas: the table stays two lines high and the right column narrow. Docks below the
    /// starting sizes of a window of this size get those back; larger ones keep the user's.
    void growSqueezed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The right column's width and the bottom docks' height a window of this size starts
    /// with.
    struct Sizes
    {
        int right;
        int bottom;
    };
    Sizes defaultSizes() const;

    QMainWindow *m_window;
    QList<QDockWidget *> m_docks;
    // For each dock: its panel and, if a walkthrough holds it back, the note standing in for it.
    QList<QWidget *> m_panels;
    QList<QLabel *> m_heldBack;
};
