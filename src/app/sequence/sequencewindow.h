#pragma once

#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTextBrowser;
class QToolButton;
class SequenceHeadView;
class SequenceHeatmapGrid;
class SequenceQkCanvas;
class SequenceSession;
class SequenceTokenStrip;

/// A top-level window beside the main one for attention over a sequence: a sentence typed or
/// loaded from a preset, the positions the model gives its tokens, every head of every layer as a
/// heat map, the focused layer as lines between two columns of tokens and as q and k in the plane,
/// and a shift of every position by m with a statement, from the numbers, of whether any score
/// changed. It owns its SequenceSession; every number it shows comes from there.
class SequenceWindow : public QWidget
{
    Q_OBJECT

public:
    explicit SequenceWindow(QWidget *parent = nullptr);
    ~SequenceWindow() override;

    SequenceSession *session() const { return m_session; }
    /// Shows, raises and activates the window.
    void showWindow();

    // For tests and screenshots.
    QLineEdit *sentenceEdit() const { return m_sentence; }
    QComboBox *splitBox() const { return m_split; }
    QComboBox *positionBox() const { return m_positions; }
    QCheckBox *causalBox() const { return m_causal; }
    QDoubleSpinBox *temperatureBox() const { return m_temperature; }
    QSpinBox *shiftBox() const { return m_shift; }
    QLabel *shiftStatement() const { return m_statement; }
    QLabel *positionExplanation() const { return m_explanation; }
    QLabel *messageLabel() const { return m_message; }
    QToolButton *presetButton() const { return m_presets; }
    QToolButton *addTokenButton() const { return m_addToken; }
    QToolButton *explainButton() const { return m_explain; }
    /// The window the Explain button opens (null until it is first opened).
    QTextBrowser *explanationBrowser() const { return m_explanationBrowser; }
    /// Opens the explanation page `page` (a SequencePages::Page) in its own window.
    void showExplanation(int page);
    SequenceTokenStrip *tokenStrip() const { return m_strip; }
    SequenceHeatmapGrid *heatmaps() const { return m_grid; }
    SequenceHeadView *headView() const { return m_headView; }
    SequenceQkCanvas *qkCanvas() const { return m_qk; }
    /// Loads the preset at `path` (one of SequenceSession::presetPaths()).
    bool loadPreset(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void rebuildPresetMenu();
    void rebuildVocabularyMenu();
    void syncFromSession();
    void showMessage(const QString &text);
    void updateStatement();
    static QString presetTitle(const QString &path);
    /// The Explain button and its menu of explanation pages (SequencePages).
    QToolButton *createExplainButton();
    void retranslateExplanation();

    SequenceSession *m_session;
    QToolButton *m_presets, *m_addToken;
    QLabel *m_sentenceLabel, *m_splitLabel, *m_positionsLabel, *m_temperatureLabel, *m_shiftLabel;
    QLineEdit *m_sentence;
    QComboBox *m_split, *m_positions;
    QCheckBox *m_causal;
    QDoubleSpinBox *m_temperature;
    QSpinBox *m_shift;
    QLabel *m_statement, *m_explanation, *m_message;
    SequenceTokenStrip *m_strip;
    SequenceHeatmapGrid *m_grid;
    SequenceHeadView *m_headView;
    SequenceQkCanvas *m_qk;
    QToolButton *m_explain = nullptr;
    QTextBrowser *m_explanationBrowser = nullptr;
    int m_explanationPage = 0;
    bool m_typing = false;
    QStringList m_menuVocabulary; ///< what the Add a token menu lists
};
