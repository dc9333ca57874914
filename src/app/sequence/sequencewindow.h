#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTabWidget;
class QTextBrowser;
class QToolButton;
class CopyCodeActions;
class MatrixEditor;
class SequenceEmbeddingCanvas;
class SequenceOffsetPlot;
class SequenceHeadView;
class SequenceHeatmapGrid;
class SequenceQkCanvas;
class SequenceAutosave;
class SequenceSession;
class SequenceTokenStrip;
class TrainingView;

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
    /// Autosave and recovery of the window's document (SequenceAutosave).
    SequenceAutosave *autosave() const { return m_autosave; }
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
    /// Opens the explanation page `page` in its own window: a SequencePages::Page, or
    /// kTrainingPages + a TrainingPages::Page.
    void showExplanation(int page);
    static constexpr int kTrainingPages = 2;
    /// The index of the Training tab in tabs() (the Attention tab is 0).
    static constexpr int kTrainingTab = 1;
    SequenceTokenStrip *tokenStrip() const { return m_strip; }
    SequenceHeatmapGrid *heatmaps() const { return m_grid; }
    SequenceHeadView *headView() const { return m_headView; }
    SequenceQkCanvas *qkCanvas() const { return m_qk; }
    QTabWidget *tabs() const { return m_pages; }
    TrainingView *trainingView() const { return m_training; }
    /// Loads the preset at `path` (one of SequenceSession::presetPaths()).
    bool loadPreset(const QString &path);

    // Editing: files, embeddings and positions, the offset plot, parameters (for tests too).
    /// Reads a sequence file; a refused one leaves everything as it was and says why.
    bool openFile(const QString &path);
    /// Writes the model and sentence; a failure says why and keeps the file on disk as it was.
    bool saveFile(const QString &path);
    QPushButton *openButton() const { return m_open; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *newTaskButton() const { return m_newTask; }
    QTabWidget *editingTabs() const { return m_tabs; }
    SequenceEmbeddingCanvas *embeddingCanvas() const { return m_embeddings; }
    SequenceOffsetPlot *offsetPlot() const { return m_offsetPlot; }
    QComboBox *offsetHeadBox() const { return m_offsetHead; }
    QComboBox *offsetQueryBox() const { return m_offsetQuery; }
    QComboBox *offsetKeyBox() const { return m_offsetKey; }
    QComboBox *parameterLayerBox() const { return m_paramLayer; }
    QComboBox *parameterHeadBox() const { return m_paramHead; }
    QComboBox *parameterMatrixBox() const { return m_paramMatrix; }
    QComboBox *parameterPresetBox() const { return m_paramPreset; }
    QDoubleSpinBox *parameterAngleBox() const { return m_paramAngle; }
    QPushButton *applyPresetButton() const { return m_applyPreset; }
    QPushButton *undoButton() const { return m_undo; }
    MatrixEditor *matrixEditor() const { return m_matrixEditor; }
    /// Copy as Python / PyTorch (the Copy as code button's menu).
    CopyCodeActions *copyCodeActions() const { return m_copyCode; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void rebuildPresetMenu();
    void rebuildVocabularyMenu();
    void syncFromSession();
    void showMessage(const QString &text);
    void updateStatement();
    /// The strip's scroll area as tall as the strip, with its scroll bar's height when shown.
    void fitStrip();
    static QString presetTitle(const QString &path);
    /// The Explain button and its menu of explanation pages (SequencePages).
    QToolButton *createExplainButton();
    void retranslateExplanation();
    static QString explanationTitle(int page);

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
    QScrollArea *m_stripScroll;
    SequenceHeatmapGrid *m_grid;
    SequenceHeadView *m_headView;
    SequenceQkCanvas *m_qk;
    QTabWidget *m_pages; ///< Attention and Training
    TrainingView *m_training;
    QToolButton *m_explain = nullptr;
    QTextBrowser *m_explanationBrowser = nullptr;
    int m_explanationPage = 0;
    bool m_typing = false;
    QStringList m_menuVocabulary; ///< what the Add a token menu lists

    // Editing: files, embeddings and positions, the offset plot, parameters.
    QWidget *buildEditingTabs();
    void retranslateEditing();
    void syncEditing();
    void chooseOpenFile();
    void chooseSaveFile();
    void applyParameterPreset();
    QPushButton *m_open = nullptr, *m_save = nullptr, *m_newTask = nullptr;
    QTabWidget *m_tabs = nullptr;
    SequenceEmbeddingCanvas *m_embeddings = nullptr;
    SequenceOffsetPlot *m_offsetPlot = nullptr;
    QLabel *m_offsetHeadLabel = nullptr, *m_offsetQueryLabel = nullptr, *m_offsetKeyLabel = nullptr;
    QComboBox *m_offsetHead = nullptr, *m_offsetQuery = nullptr, *m_offsetKey = nullptr;
    QLabel *m_paramLayerLabel = nullptr, *m_paramHeadLabel = nullptr, *m_paramMatrixLabel = nullptr,
           *m_paramPresetLabel = nullptr, *m_paramNote = nullptr;
    QComboBox *m_paramLayer = nullptr, *m_paramHead = nullptr, *m_paramMatrix = nullptr,
              *m_paramPreset = nullptr;
    QDoubleSpinBox *m_paramAngle = nullptr;
    QPushButton *m_applyPreset = nullptr, *m_undo = nullptr;
    MatrixEditor *m_matrixEditor = nullptr;
    CopyCodeActions *m_copyCode = nullptr;
    SequenceAutosave *m_autosave = nullptr;
    int m_presetSeed = 1;      ///< each "random" draws a new matrix
    QList<int> m_lastEntry;    ///< layer, head, matrix, row, column of the last entry typed in
    int m_lastEntryDepth = -1; ///< the session's undo depth right after that edit
};
