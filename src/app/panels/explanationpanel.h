#pragma once

#include <QWidget>

#include <memory>

namespace Ui {
class ExplanationPanel;
}
class SceneModel;
class OnScreenWatcher;
class UpdateThrottle;
class QTextBrowser;
class QUrl;

/// The content of the "Explanation" dock: what the chosen method means, when to use it and its
/// pitfalls, softmax and the temperature, the bilingual glossary and the source material's
/// common mistakes, as rich text in the current language. The method page follows the
/// SceneModel's method and quotes the numbers of the scene (read from the model, never
/// computed here). Links between pages switch the page. The pages about sequences come from
/// SequencePages, those about training from TrainingPages (the gradient page with the scene's
/// numbers), those about the normalisers from NormaliserPages.
class ExplanationPanel : public QWidget
{
    Q_OBJECT

public:
    enum class Page
    {
        Method,
        Softmax,
        Glossary,
        Mistakes,
        Positions,     ///< positional encodings (SequencePages)
        Residual,      ///< the residual stream (SequencePages)
        Gradient,      ///< what gradient descent does to q and k (TrainingPages)
        Plateaus,      ///< plateaus and phase changes (TrainingPages)
        PreviousToken, ///< why the previous-token task needs positions (TrainingPages)
        Induction,     ///< what an induction head is (TrainingPages)
        SumToOne,      ///< why the weights add up to 1 (NormaliserPages)
        Sparsemax,     ///< sparsemax's exact zeros (NormaliserPages)
        SoftmaxOne,    ///< softmax₁, attention to nothing (NormaliserPages)
        Sigmoid,       ///< sigmoid attention (NormaliserPages)
        Sink           ///< attention sinks (NormaliserPages)
    };
    Q_ENUM(Page)

    explicit ExplanationPanel(SceneModel *model, QWidget *parent = nullptr);
    ~ExplanationPanel() override;

    Page page() const;
    void setPage(Page page);

    /// The HTML of the page on show, brought up to date first if the scene changed while the
    /// panel was hidden.
    QString html() const;
    QTextBrowser *browser() const;

signals:
    void pageChanged(ExplanationPanel::Page page);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void onModelChanged();
    void onAnchorClicked(const QUrl &url);
    /// Brings the page up to date: the whole document after a change of page, method, language
    /// or font; otherwise only the "In your scene" part.
    void refresh();
    void rebuild();
    void replaceScene();
    void ensureCurrent() const;
    void applyFonts();
    /// Adds the sequence, training and normaliser pages to the form's chooser, or names them again
    /// in a new language.
    void titleSequencePages();
    double formulaPointSize() const;
    /// The numbers of the scene below the page, for the pages that have them.
    QString sceneFacts(Page page) const;

    std::unique_ptr<Ui::ExplanationPanel> m_ui;
    SceneModel *m_model;
    QString m_body;  // the explanation, fixed for a page, method and language
    QString m_scene; // the numbers of the scene, below the explanation
    // Laying out the whole page costs about 15 ms, too much for every step of a drag; the
    // scene's numbers start here and are replaced on their own.
    int m_scenePosition = -1;
    int m_shownPage = -1;
    int m_shownMethod = -1;
    bool m_needsRebuild = true;
    // A panel out of view (hidden, or its dock behind a tab) skips the updates during drags; it
    // catches up when it comes into view or is asked for its HTML.
    UpdateThrottle *m_sceneThrottle;
    OnScreenWatcher *m_onScreen;
    bool m_stale = true;
};
