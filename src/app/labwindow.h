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

    /// Selects the tab and shows, raises and activates the window.
    void showTab(Tab tab);
    Tab currentTab() const;

    DimensionLabModel *dimensionModel() const { return m_dimensionModel; }
    SelfAttentionModel *selfAttentionModel() const { return m_selfAttentionModel; }
    DimensionLabPage *dimensionPage() const { return m_dimensionPage; }
    SelfAttentionPage *selfAttentionPage() const { return m_selfAttentionPage; }

protected:
    void changeEvent(QEvent *event) override;

private:
    std::unique_ptr<Ui::LabWindow> m_ui;
    DimensionLabModel *m_dimensionModel;
    SelfAttentionModel *m_selfAttentionModel;
    DimensionLabPage *m_dimensionPage;
    SelfAttentionPage *m_selfAttentionPage;
};
