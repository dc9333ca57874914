#pragma once

#include <QList>
#include <QObject>

#include <utility>

class QAction;
class QActionGroup;

/// View → Theme and the colour-blind palette: applies and remembers the user's choice, keeps the
/// menu's checks true, and redraws the toolbar's icons in the theme's ink and colours.
class AppearanceActions : public QObject
{
    Q_OBJECT

public:
    /// The form's actions this class drives.
    struct Actions
    {
        QAction *light, *dark, *highContrast, *colourBlind;
    };
    /// An action and the name of its icon (":/icons/<name>.svg").
    using Icon = std::pair<QAction *, const char *>;

    /// Applies the saved look at once, before anything is shown.
    AppearanceActions(const Actions &actions, QList<Icon> icons, QObject *parent);

signals:
    /// The theme or the palette changed (after the actions and icons followed).
    void changed();

private:
    void refreshActions();
    void applyIconColours();

    Actions m_actions;
    QList<Icon> m_icons;
    QActionGroup *m_themes;
};
