#pragma once

#include <QFrame>

#include <memory>

namespace Ui {
class WalkthroughBar;
}
class SceneModel;
class Walkthrough;
class QShortcut;

/// The bar of the predict-then-reveal walkthrough: which step (of five), its title and
/// explanation, what to predict while the result is held back and the answer once revealed, and
/// the Back / Reveal / Next / Leave buttons.
///
/// While the walkthrough is active the window's keyboard drives it: Space, Right arrow or Page
/// Down go forward, Left arrow or Page Up back, Esc leaves. The shortcuts are window-wide but only
/// enabled while active, so that the canvas keeps its arrow-key nudging otherwise; text fields
/// keep their keys either way. They work while the bar is visible, which it is while active
/// unless setAutoHide(false) hands its visibility to a container (then show the container on
/// Walkthrough::activeChanged).
class WalkthroughBar : public QFrame
{
    Q_OBJECT

public:
    explicit WalkthroughBar(Walkthrough *walkthrough, SceneModel *model, QWidget *parent = nullptr);
    ~WalkthroughBar() override;

    Walkthrough *walkthrough() const { return m_walkthrough; }

    /// Shows the bar while the walkthrough is active and hides it otherwise (the default).
    void setAutoHide(bool on);
    bool autoHide() const { return m_autoHide; }

    /// The texts on show, for tests and screenshots.
    QString titleText() const;
    QString explanationText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void applyColours();
    void applyFonts();
    QString explanation() const;

    std::unique_ptr<Ui::WalkthroughBar> m_ui;
    Walkthrough *m_walkthrough;
    SceneModel *m_model;
    QList<QShortcut *> m_shortcuts;
    bool m_autoHide = true;
};
