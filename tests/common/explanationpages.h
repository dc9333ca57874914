#pragma once

// The explanation panel as the page tests drive it: shown at a dock's size, a page chosen with
// the keys on its real chooser, and the text as the learner reads it.

#include "panels/explanationpanel.h"
#include "panels/explanationtext.h"

#include <QComboBox>
#include <QTest>
#include <QTextBrowser>

namespace explanationpages {

/// The browser's text with non-breaking spaces as plain spaces.
inline QString shown(const QTextBrowser *browser)
{
    return browser->toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

/// Shows `panel` and presses Down `downPresses` times on its page chooser, from the first page.
/// Returns the chooser, or null when the panel has none.
inline QComboBox *choose(ExplanationPanel &panel, int downPresses)
{
    panel.resize(420, 700);
    panel.show();
    auto *combo = panel.findChild<QComboBox *>(QStringLiteral("pageCombo"));
    if (!combo)
        return nullptr;
    combo->setFocus();
    for (int i = 0; i < downPresses; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
    return combo;
}

/// How many rows of the glossary pair `english` with `chinese` (1 when the term is there once).
inline int glossaryRows(const QString &english, const QString &chinese)
{
    int found = 0;
    for (const auto &term : ExplanationText::glossary())
        found += term.english == english && term.chinese == chinese;
    return found;
}

} // namespace explanationpages
