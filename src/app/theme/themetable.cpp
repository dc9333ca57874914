#include "theme/themetable.h"

#include <array>
#include <cstddef>

namespace {

using Theme = ColorScheme::Theme;
using ThemeTable::WidgetStyle;

// The article's colours: query red, keys blue, values green, the output purple. Dark and
// high-contrast backgrounds need lighter arrows than white paper: the same hue, raised until it
// stands out against the background.
// The keys stop at blue (hue 230): beyond it they turn violet and meet the output's purple, which
// leans to red for the same reason (k3 and the output looked alike on the first screen).
//
// Okabe & Ito (2008): vermilion, blue, bluish green and reddish purple stay apart for the common
// forms of colour blindness. On dark backgrounds each is lightened just enough to stand out, the
// variants chosen for the largest difference under simulated deuteranopia, protanopia and
// tritanopia (tst_colorscheme).
const std::array<ThemeTable::Entry, 3> kEntries{{
    {Theme::Light,
     "light",
     WidgetStyle::Platform,
     {{QColor(0xd6, 0x27, 0x28),
       QColor(0x1f, 0x5f, 0xbf),
       QColor(0x2c, 0xa0, 0x2c),
       QColor(0xa0, 0x30, 0x8a),
       QColor(0xe6, 0x7e, 0x22),
       {195, 230, 190, 95, 120}},
      {QColor(0xd5, 0x5e, 0x00),
       QColor(0x00, 0x72, 0xb2),
       QColor(0x00, 0x9e, 0x73),
       QColor(0xcc, 0x79, 0xa7),
       QColor(0xe6, 0x9f, 0x00),
       {195, 215, 255, 85, 125}}},
     {QColor(0xe4, 0xe7, 0xeb), QColor(0x55, 0x5b, 0x66), QColor(0x22, 0x26, 0x2e),
      QColor(0xff, 0xff, 0xff), QColor(0xf1, 0xf4, 0xf8), QColor(0xff, 0xf1, 0xc2),
      QColor(0xb0, 0x00, 0x20), QColor(0xfd, 0xed, 0xec), QColor(0xf3, 0xf7, 0xfc),
      QColor(0x0a, 0x1f, 0x4d)},
     std::nullopt},
    {Theme::Dark,
     "dark",
     WidgetStyle::Fusion,
     {{QColor(0xff, 0x6b, 0x6b),
       QColor(0x5b, 0x9b, 0xff),
       QColor(0x5c, 0xd6, 0x5c),
       QColor(0xe5, 0x8f, 0xd0),
       QColor(0xff, 0xa5, 0x4d),
       {195, 225, 210, 185, 160}},
      {QColor(0xe6, 0x6a, 0x1a),
       QColor(0x2f, 0x8f, 0xd6),
       QColor(0x1a, 0xd1, 0x9a),
       QColor(0xb8, 0x5c, 0x95),
       QColor(0xf0, 0xe4, 0x42),
       {195, 215, 200, 150, 125}}},
     {QColor(0x33, 0x38, 0x41), QColor(0x9a, 0xa3, 0xaf), QColor(0xe8, 0xea, 0xee),
      QColor(0x1b, 0x1e, 0x24), QColor(0x26, 0x2a, 0x31), QColor(0x5a, 0x4a, 0x14),
      QColor(0xff, 0x7b, 0x8c), QColor(0x3d, 0x1f, 0x24), QColor(0x22, 0x28, 0x33),
      QColor(0xe4, 0xee, 0xff)},
     ThemeTable::WidgetColours{
         QColor(0x2b, 0x2f, 0x36), QColor(0x1f, 0x22, 0x27), QColor(0x27, 0x2b, 0x32),
         QColor(0x33, 0x38, 0x41), QColor(0xe8, 0xea, 0xee), QColor(0x3a, 0x3f, 0x48),
         QColor(0x80, 0x86, 0x90), QColor(0xff, 0x7b, 0x8c), QColor(0x50, 0x56, 0x60),
         QColor(0x44, 0x49, 0x52), QColor(0x30, 0x34, 0x3b), QColor(0x18, 0x1a, 0x1e),
         QColor(0x0c, 0x0d, 0x0f), QColor(0x3d, 0x7b, 0xd9), QColor(0xff, 0xff, 0xff),
         QColor(0x7a, 0xb7, 0xff), QColor(0xc4, 0x9b, 0xff), QColor(0x50, 0x56, 0x60)}},
    // High contrast: white on black, bright frames and bevels, and selection in yellow with black
    // text, as the platforms' own contrast themes do.
    {Theme::HighContrast,
     "high-contrast",
     WidgetStyle::HighContrast,
     {{QColor(0xff, 0x5c, 0x5c),
       QColor(0x4d, 0xa3, 0xff),
       QColor(0x3c, 0xf0, 0x3c),
       QColor(0xff, 0x7a, 0xff),
       QColor(0xff, 0xb3, 0x00),
       {195, 225, 255, 195, 170}},
      {QColor(0xff, 0x7a, 0x26),
       QColor(0x2f, 0x8f, 0xd6),
       QColor(0x00, 0xe0, 0xa0),
       QColor(0xf5, 0x9b, 0xd0),
       QColor(0xf0, 0xe4, 0x42),
       {195, 215, 230, 165, 135}}},
     {QColor(0x4d, 0x4d, 0x4d), QColor(0xff, 0xff, 0xff), QColor(0xff, 0xff, 0xff),
      QColor(0x00, 0x00, 0x00), QColor(0x1a, 0x1a, 0x1a), QColor(0x4d, 0x45, 0x00),
      QColor(0xff, 0x6e, 0x6e), QColor(0x33, 0x00, 0x00), QColor(0x0d, 0x0d, 0x0d),
      QColor(0xff, 0xff, 0xff)},
     ThemeTable::WidgetColours{
         QColor(0x00, 0x00, 0x00), QColor(0x00, 0x00, 0x00), QColor(0x1a, 0x1a, 0x1a),
         QColor(0x00, 0x00, 0x00), QColor(0xff, 0xff, 0xff), QColor(0x00, 0x00, 0x00),
         QColor(0xa0, 0xa0, 0xa0), QColor(0xff, 0xff, 0x00), QColor(0xff, 0xff, 0xff),
         QColor(0xc0, 0xc0, 0xc0), QColor(0xc0, 0xc0, 0xc0), QColor(0xff, 0xff, 0xff),
         QColor(0xff, 0xff, 0xff), QColor(0xff, 0xff, 0x00), QColor(0x00, 0x00, 0x00),
         QColor(0x00, 0xff, 0xff), QColor(0xff, 0x80, 0xff), QColor(0x60, 0x60, 0x60)}},
}};

// entry() indexes by the enum: a row per theme, in its order.
static_assert(kEntries.size() == std::size_t(Theme::HighContrast) + 1);

} // namespace

std::span<const ThemeTable::Entry> ThemeTable::entries()
{
    return kEntries;
}

const ThemeTable::Entry &ThemeTable::entry(ColorScheme::Theme theme)
{
    Q_ASSERT(kEntries[std::size_t(theme)].theme == theme);
    return kEntries[std::size_t(theme)];
}

const ThemeTable::Lesson &ThemeTable::currentLesson()
{
    return entry(ColorScheme::theme()).lessons[int(ColorScheme::palette())];
}

const ThemeTable::Canvas &ThemeTable::currentCanvas()
{
    return entry(ColorScheme::theme()).canvas;
}

QPalette ThemeTable::palette(const WidgetColours &c)
{
    QPalette p;
    p.setColor(QPalette::Window, c.window);
    p.setColor(QPalette::WindowText, c.text);
    p.setColor(QPalette::Base, c.base);
    p.setColor(QPalette::AlternateBase, c.alternateBase);
    p.setColor(QPalette::ToolTipBase, c.toolTipBase);
    p.setColor(QPalette::ToolTipText, c.text);
    p.setColor(QPalette::PlaceholderText, c.disabledText);
    p.setColor(QPalette::Text, c.text);
    p.setColor(QPalette::Button, c.button);
    p.setColor(QPalette::ButtonText, c.text);
    p.setColor(QPalette::BrightText, c.brightText);
    p.setColor(QPalette::Light, c.light);
    p.setColor(QPalette::Midlight, c.midlight);
    p.setColor(QPalette::Mid, c.mid);
    p.setColor(QPalette::Dark, c.dark);
    p.setColor(QPalette::Shadow, c.shadow);
    p.setColor(QPalette::Highlight, c.highlight);
    p.setColor(QPalette::HighlightedText, c.highlightedText);
    p.setColor(QPalette::Link, c.link);
    p.setColor(QPalette::LinkVisited, c.linkVisited);
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, c.disabledText);
    p.setColor(QPalette::Disabled, QPalette::Highlight, c.disabledHighlight);
    return p;
}
