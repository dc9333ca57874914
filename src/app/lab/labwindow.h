#pragma once

#include <QWidget>

#include <memory>

namespace Ui {
class LabWindow;
}
class DimensionLabModel;
class DimensionLabPage;
class SelfAttentionModel;
class SelfAttentionPage;

/// A top-level window beside the main one with the lessons that do not fit the 2-D canvas: the
/// dimension lab (why √d) and self-attention from inputs. It owns both pages' models. Create it
/// once with the main window as parent (it stays a separate window and closes with the app) and
/// call showTab() from the menu entries.
class LabWindow : public QWidget
{
    Q_OBJECT

public:
    enum class Tab
    {
        DimensionLab,
        SelfAttention
    };

    explicit LabWindow(QWidget *parent = nullptr);
    ~LabWindow() override;

    /// Selects the tab and shows, raises and activates the window. The first time it is also
    /// sized to fit the screen's available area (fitInto()).
    void showTab(Tab tab);
    /// Sizes and places the window inside `available` (a screen's available geometry), frame
    /// included: at most 1280 × 800, never larger than the area.
    void fitInto(const QRect &available);
    Tab currentTab() const;

    DimensionLabModel *dimensionModel() const { return m_dimensionModel; }
    SelfAttentionModel *selfAttentionModel() const { return m_selfAttentionModel; }
    DimensionLabPage *dimensionPage() const { return m_dimensionPage; }
    SelfAttentionPage *selfAttentionPage() const { return m_selfAttentionPage; }

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void nameScrollAreas();

    std::unique_ptr<Ui::LabWindow> m_ui;
    bool m_placed = false;
    DimensionLabModel *m_dimensionModel;
    SelfAttentionModel *m_selfAttentionModel;
    DimensionLabPage *m_dimensionPage = nullptr;
    SelfAttentionPage *m_selfAttentionPage = nullptr;
};
