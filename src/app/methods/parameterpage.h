#pragma once

#include <QAbstractButton>
#include <QSignalBlocker>
#include <QWidget>

#include <functional>
#include <memory>

class ParameterEdits;

/// One score method's page in the "method and parameters" dock. The method's own file builds
/// it (MethodView::parameterPage) from its form in ui/methods/ and says what refreshing it
/// means; the MethodPanel only stacks the pages and tells them when the model or the language
/// changed, so that a method's parameters live in one file and never in the panel. A page with
/// nothing to edit (dot product, cosine similarity) is its form alone.
class ParameterPage : public QWidget
{
    Q_OBJECT

public:
    explicit ParameterPage(QWidget *parent = nullptr);

    /// Sets up the generated form (Ui::ScaledParameters, …) on this page and keeps it, so that
    /// retranslate() can redo its texts; the method file connects its widgets through it.
    template <typename Form> std::shared_ptr<Form> setUpForm()
    {
        auto form = std::make_shared<Form>();
        form->setupUi(this);
        m_retranslateForm = [this, form] { form->retranslateUi(this); };
        return form;
    }
    /// The page of a method with nothing to set (MethodView::parameterPage): its form alone,
    /// which says why there is nothing to set and what to try.
    template <typename Form> static ParameterPage *formOnly(ParameterEdits * /*editor*/)
    {
        auto *page = new ParameterPage;
        page->setUpForm<Form>();
        return page;
    }
    /// Model → widgets, run by refresh(): only widgets whose value differs are touched, with
    /// their signals blocked (showValue(), showChecked()), so that showing sends no edit back.
    void setRefresh(std::function<void()> refresh) { m_refresh = std::move(refresh); }
    /// The page's texts that are not in its form (texts with numbers in them, the matrix
    /// editors' descriptions), run by retranslate() after the form's own.
    void setRetranslate(std::function<void()> texts) { m_retranslateTexts = std::move(texts); }

    void refresh();
    /// On a change of language, before the panel refreshes (which sets the texts that depend
    /// on the scene) and wraps the tooltips.
    void retranslate();

    /// Scrolling the page must not change the boxes the pointer passes over: the spin and combo
    /// boxes there are now take the wheel only when focused. The panel calls it once a page is
    /// built; a page that adds boxes later calls it again.
    void guardWheel();

    /// Names one number box of a parameter (part, row, column), so that the digits typed into
    /// it merge into one undo step (ParameterEdits' `entry`).
    static int entryId(int part, int row, int column) { return (part << 16) | (row << 8) | column; }
    /// Long explanations only wrap in a tooltip that is rich text.
    static QString richToolTip(const QString &text);
    template <typename Box, typename T> static void showValue(Box *box, T value)
    {
        if (box->value() == value)
            return;
        const QSignalBlocker blocker(box);
        box->setValue(value);
    }
    static void showChecked(QAbstractButton *button, bool checked);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    std::function<void()> m_retranslateForm;
    std::function<void()> m_retranslateTexts;
    std::function<void()> m_refresh;
};
