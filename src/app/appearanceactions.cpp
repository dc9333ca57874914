#include "appearanceactions.h"

#include "appsettings.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QFile>
#include <QPainter>
#include <QSvgRenderer>

AppearanceActions::AppearanceActions(const Actions &actions, QList<Icon> icons, QObject *parent)
    : QObject(parent), m_actions(actions), m_icons(std::move(icons)),
      m_themes(new QActionGroup(this))
{
    const std::pair<QAction *, ColorScheme::Theme> themes[] = {
        {m_actions.light, ColorScheme::Theme::Light},
        {m_actions.dark, ColorScheme::Theme::Dark},
        {m_actions.highContrast, ColorScheme::Theme::HighContrast}};
    for (const auto &[action, binding] : themes) {
        // A copy: clang 14 (the sanitizer build) cannot capture a structured binding.
        const ColorScheme::Theme theme = binding;
        m_themes->addAction(action);
        action->setData(int(theme));
        connect(action, &QAction::triggered, this, [theme] {
            Appearance::instance()->setTheme(theme);
            AppSettings::setTheme(theme);
        });
    }
    connect(m_actions.colourBlind, &QAction::triggered, this, [](bool on) {
        const auto palette =
            on ? ColorScheme::Palette::ColourBlind : ColorScheme::Palette::Standard;
        Appearance::instance()->setPalette(palette);
        AppSettings::setPalette(palette);
    });
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        refreshActions();
        applyIconColours();
        emit changed();
    });
    // The saved look, before anything is shown.
    Appearance::instance()->setTheme(AppSettings::theme());
    Appearance::instance()->setPalette(AppSettings::palette());
    refreshActions();
    applyIconColours();
}

void AppearanceActions::applyIconColours()
{
    // The toolbar's SVGs are drawn in dark ink and the article's colours, for white paper. The
    // other themes and the colour-blind palette redraw them in their own ink and colours.
    const bool original = ColorScheme::theme() == ColorScheme::Theme::Light &&
                          ColorScheme::palette() == ColorScheme::Palette::Standard;
    const std::pair<QByteArray, QColor> inks[] = {
        {"#2b3440", QApplication::palette().color(QPalette::WindowText)},
        {"#1f5fbf", ColorScheme::key()},
        {"#2ca02c", ColorScheme::value()},
        {"#d62728", ColorScheme::query()}};
    for (const auto &[action, name] : std::as_const(m_icons)) {
        const QString path = QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name));
        if (original) {
            action->setIcon(QIcon(path));
            continue;
        }
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        QByteArray svg = file.readAll();
        for (const auto &[from, to] : inks)
            svg.replace(from, to.name().toLatin1());
        QSvgRenderer renderer(svg);
        QIcon icon;
        for (const int size : {16, 24, 32, 48}) {
            QPixmap pixmap(size, size);
            pixmap.fill(Qt::transparent);
            QPainter painter(&pixmap);
            renderer.render(&painter);
            painter.end();
            icon.addPixmap(pixmap);
        }
        action->setIcon(icon);
    }
}

void AppearanceActions::refreshActions()
{
    const auto actions = m_themes->actions();
    for (QAction *a : actions)
        a->setChecked(a->data().toInt() == int(ColorScheme::theme()));
    m_actions.colourBlind->setChecked(ColorScheme::palette() == ColorScheme::Palette::ColourBlind);
}
