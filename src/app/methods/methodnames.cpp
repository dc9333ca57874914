#include "methods/methodnames.h"

QString MethodNames::name(attn::Method method)
{
    switch (method) {
    case attn::Method::Dot:
        return tr("Dot product");
    case attn::Method::Scaled:
        return tr("Scaled dot product");
    case attn::Method::Cosine:
        return tr("Cosine similarity");
    case attn::Method::General:
        return tr("General (bilinear)");
    case attn::Method::Additive:
        return tr("Additive");
    case attn::Method::MultiHead:
        return tr("Multi-head");
    }
    return {};
}

QString MethodNames::formula(attn::Method method)
{
    switch (method) {
    case attn::Method::Dot:
        return QStringLiteral("s<sub>i</sub> = q·k<sub>i</sub>");
    case attn::Method::Scaled:
        return QStringLiteral("s<sub>i</sub> = q·k<sub>i</sub> / √d");
    case attn::Method::Cosine:
        return QStringLiteral("s<sub>i</sub> = q·k<sub>i</sub> / (‖q‖ ‖k<sub>i</sub>‖)");
    case attn::Method::General:
        return QStringLiteral("s<sub>i</sub> = q<sup>T</sup> W k<sub>i</sub>");
    case attn::Method::Additive:
        return QStringLiteral("s<sub>i</sub> = v<sup>T</sup> tanh(W<sub>q</sub> q + "
                              "W<sub>k</sub> k<sub>i</sub> + b)");
    case attn::Method::MultiHead:
        // The whole computation, as on the explanation page: each head's weighted sum of its
        // projected values (with τ), then W_O over the stacked heads.
        return QStringLiteral(
            "head<sub>h</sub> = Σ<sub>i</sub> softmax((W<sub>Q</sub><sup>h</sup>q)·"
            "(W<sub>K</sub><sup>h</sup>k<sub>i</sub>) / (√d<sub>k</sub> τ))"
            "<sub>i</sub> W<sub>V</sub><sup>h</sup>v<sub>i</sub>, "
            "out = W<sub>O</sub> [head<sub>1</sub>; …; head<sub>h</sub>]");
    }
    return {};
}
