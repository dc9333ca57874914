#pragma once

// The prelude of the method files (dotmethod.cpp, …) and of nothing else: the descriptor each
// defines, the step panel's lines, the HTML and arithmetic helpers and the scene facts, in
// scope without qualification so that each file reads like the page it writes. One include,
// so that a new method's file starts with one line.
//
// The method files keep the translation contexts their strings had as cases of the panels'
// switches (QCoreApplication::translate with "ExplanationText", "StepPanel", "MethodNames",
// and "MethodPanel" for what a parameter page writes in code), so that the translations stay
// where translators know them. A page's form has its own context, the form's class
// (ScaledParameters, …).
#include "methods/formulalines.h"
#include "methods/methodview.h"
#include "methods/pagesections.h"
#include "methods/scenefacts.h"
#include "model/scenemodel.h"
#include "text/htmlfragments.h"
#include "text/writtenarithmetic.h"
#include "theme/colorscheme.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

using namespace HtmlFragments;
using namespace PageSections;
using namespace SceneFacts;
using namespace WrittenArithmetic;
using NumberFormat::kDecimals;

// What every method file defines, under these names, for its MethodView; methodView() gathers
// them, so that a file's row names only what is its own (name, formula, what it draws).
namespace {

QStringList pageFormula();
QString sections(double formulaPointSize);
QString scene(const SceneModel &model);
void stepLines(const StepContext &context, FormulaLines &lines);
ParameterPage *parameterPage(ParameterEdits *editor);

/// The file's view: `own` with the functions above filled in.
constexpr MethodView methodView(MethodView own)
{
    own.pageFormula = pageFormula;
    own.sections = sections;
    own.scene = scene;
    own.stepLines = stepLines;
    own.parameterPage = parameterPage;
    return own;
}

} // namespace
