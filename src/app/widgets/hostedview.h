#pragma once

#include <QLayout>
#include <QWidget>

/// A view of `model` made in the widget that holds `layout` (a host placeholder of a .ui form)
/// and added to that layout: the pages place their hand-made views into their forms this way.
template <typename View, typename Model> View *hostView(QLayout *layout, Model *model)
{
    auto *view = new View(model, layout->parentWidget());
    layout->addWidget(view);
    return view;
}
