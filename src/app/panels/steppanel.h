#pragma once

#include <QPointer>
#include <QWidget>

class SceneModel;
class Walkthrough;
class Selection;
class StepTableModel;
class QTextBrowser;
class QSplitter;
class QModelIndex;
class QTableView;
class QTimer;
class OnScreenWatcher;
class UpdateThrottle;

/// The step-by-step explanation: the current method's formula with the focus key's numbers
/// put in (from SceneModel::explain()), and below it the step table of every key. Clicking a
/// row selects that key; a selection made elsewhere highlights its row.
class StepPanel : public QWidget
{
    Q_OBJECT

public:
    explicit StepPanel(SceneModel *model, Selection *selection, QWidget *parent = nullptr);

    /// The formula as rich text and as plain text (for tests and exports).
    QString formulaHtml() const;
    QString formulaText() const;

    QTableView *tableView() const { return m_table; }
    StepTableModel *tableModel() const { return m_tableModel; }

    /// The predict-then-reveal walkthrough: the formula then shows the lines up to the current
    /// step (the current one highlighted, and held back until revealed) and the table hides the
    /// columns of later steps. nullptr or inactive: everything.
    void setWalkthrough(Walkthrough *walkthrough);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    /// Brings the formula and the columns up to date once the panel is in view again.
    void catchUp();
    void updateFormula();
    void invalidateFormula();
    void ensureFormula() const;
    void syncSelection();
    void onRowClicked(const QModelIndex &index);
    void retranslate();
    void applyFonts();
    void fitFormula();
    void fitColumns();
    void applyWalkthrough();
    void applyColumnVisibility();

    SceneModel *m_model;
    Selection *m_selection;
    QPointer<Walkthrough> m_walkthrough;
    StepTableModel *m_tableModel;
    QTextBrowser *m_formula;
    QString m_formulaHtml;
    QTableView *m_table;
    QSplitter *m_split;
    QTimer *m_fitColumns;
    UpdateThrottle *m_formulaThrottle;
    OnScreenWatcher *m_onScreen;
    bool m_syncing = false;
    bool m_userSized = false; // the learner moved the splitter: keep their sizes
    int m_fittedHeight = -1;
    // A panel out of view (hidden, or its dock behind a tab) skips the formula while the learner
    // drags; it catches up when it comes into view.
    mutable bool m_formulaStale = true;
    int m_fittedMethod = -1; // the method the columns were last fitted for
};
