#pragma once

class QWidget;

/// The colours of the classroom bars above the canvas (the walkthrough's and the lesson's), so
/// that they read as one family of controls: the bar tinted halfway between the highlight and the
/// background (tinted, but calmer than the step it points at), its text in the text colour, and
/// its counter ("Step 2 of 5") quieter, in the axis colour.
namespace BarColours {

/// Sets `bar`'s and `counter`'s palettes from the current colour scheme.
void apply(QWidget *bar, QWidget *counter);

} // namespace BarColours
