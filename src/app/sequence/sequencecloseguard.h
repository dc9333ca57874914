#pragma once

#include <QObject>

class QEvent;
class SequenceAutosave;
class SequenceWindow;

/// Asks before a training run is lost. Closing the Sequence window while its Training tab trains
/// asks whether to stop the run (the window only hides, so the steps trained so far stay and are
/// autosaved; "Keep Training" leaves the window open). Quitting the app by closing the main
/// window while the Sequence window holds a trained model or edits that no file holds asks
/// whether to throw them away (a clean exit removes their autosave); "Cancel" keeps the app open.
/// An event filter on both windows, so that neither window's own close handling changes.
class SequenceCloseGuard : public QObject
{
    Q_OBJECT

public:
    /// Guards `window` and its parent window (the main window); owned by `autosave`, which says
    /// what no file holds.
    SequenceCloseGuard(SequenceWindow *window, SequenceAutosave *autosave);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The Sequence window closes: false when the user keeps training.
    bool mayCloseWindow();
    /// The app quits: false when the user keeps the unsaved sequence.
    bool mayQuit();

    SequenceWindow *m_window;
    SequenceAutosave *m_autosave;
};
